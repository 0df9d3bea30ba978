/** Route components of the team feature, lazy-loadable by the shell's route table. */
export const teamRoutes = {
  '/team': () => import('./TeamPage'),
  '/team/add-new-member': () => import('./AddMemberPage'),
  '/team/add-multiple-members': () => import('./AddMultipleMembersPage'),
  '/team/edit-member/:userId': () => import('./EditMemberPage'),
} as const;
