/** Route components of the profile feature, lazy-loadable by the shell's route table. */
export const profileRoutes = {
  '/profile': () => import('./ProfilePage'),
} as const;
