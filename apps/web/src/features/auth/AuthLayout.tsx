import type { ReactNode } from 'react';

/** The Z-VIEW wordmark on the sign-in screens. */
export function Wordmark() {
  return (
    <div className="zv-wordmark" aria-label="Z-VIEW">
      <div aria-hidden className="zv-wordmark-mark">
        Z
      </div>
      <span className="zv-wordmark-name">Z-VIEW</span>
    </div>
  );
}

/**
 * A centred card on a quiet branded background: login, sign-in errors, no-products screen. Drawn
 * without MUI (issue 45: the login page is a first screen), as MUI's Paper (elevation 8) drew it.
 */
export function AuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="zv-auth-page">
      <div className="zv-auth-card">
        <Wordmark />
        {children}
      </div>
      <span className="zv-auth-footer">{footer ?? 'Property risk and imagery analytics'}</span>
    </main>
  );
}
