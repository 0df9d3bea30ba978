/**
 * The signed-in shell (top bar, menus, notifications, the page frame) is a chunk of its own: the
 * login page never needs it, so it is not part of the JavaScript that every first load waits for
 * (issue 45). AuthGate starts its download once the app has painted, in parallel with the sign-in
 * check and the organisations call that come before the shell can show anyway.
 */
export const loadShell = () => import('./Shell');
