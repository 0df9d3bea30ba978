import { createContext, useContext } from 'react';

/**
 * True while a navigation to another page renders in a transition (its page's code still loading):
 * the shell shows its progress bar meanwhile. False under routers that do not report it (tests).
 */
export const NavigationPendingContext = createContext(false);

export const useNavigationPending = () => useContext(NavigationPendingContext);
