import { Outlet } from 'react-router';
import { ModalProvider } from '../ui/modals';
import { NotificationsProvider } from '../ui/notifications';
import { VersionToast } from './VersionCheck';
import { NarrowWindowOverlay } from './NarrowWindowOverlay';

/** Everything every screen has, signed in or not: notifications, modals, the width overlay, the version toast. */
export function AppRoot() {
  return (
    <NotificationsProvider>
      <ModalProvider>
        <Outlet />
        <NarrowWindowOverlay />
        <VersionToast />
      </ModalProvider>
    </NotificationsProvider>
  );
}
