import { useEffect, useState, type FormEvent } from 'react';
import { useRuntimeConfig } from '../../session/runtime-config';
import { PlainButton } from '../../ui/plain/Button';
import { AuthLayout } from './AuthLayout';
import { useIdentityProvider } from './context';
import { enterpriseSsoUrl, forgotPasswordUrl } from './idp-core';
import { identityStepFor, loginErrorMessage, sessionTokenOf, type LoginMessage } from './loginMessages';
import { LazyMessageBlock } from './LazyMessageBlock';
import { LoginField } from './LoginField';
import { saveRestoreUrl } from './restoreUrl';

type Step = 'email' | 'password';

export interface LoginPageProps {
  /** A message to show when the page opens (e.g. why the previous sign-in did not complete). */
  initialMessage?: LoginMessage;
}

/**
 * The login page (SPEC §2): step 1 asks for the email and looks up its identity provider;
 * enterprise (SAML2) users go to their SSO, everyone else enters a password on step 2. Drawn
 * without MUI (the first screens' stylesheet, issue 45); only a message loads MUI's Alert.
 */
export function LoginPage({ initialMessage }: LoginPageProps) {
  const idp = useIdentityProvider();
  const { SUPPORT_EMAIL } = useRuntimeConfig();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<LoginMessage | null>(initialMessage ?? null);

  // While the password is typed, fetch what the sign-in's redirects will need: the provider's
  // discovery document and the callback page's code (cached for the next document), issue 21.
  useEffect(() => {
    if (step !== 'password') return;
    void idp.prefetchMetadata();
    void import('./LoginCallbackPage').catch(() => undefined);
  }, [step, idp]);

  const normalizedEmail = email.trim().toLowerCase();
  const canSignIn = normalizedEmail !== '' && password !== '';

  async function submitEmail(event: FormEvent) {
    event.preventDefault();
    if (!normalizedEmail || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const next = identityStepFor(await idp.getIdentity(normalizedEmail));
      if (next.kind === 'sso') {
        saveRestoreUrl();
        idp.redirectTo(enterpriseSsoUrl(idp.settings, next.idpId, normalizedEmail));
        return; // the browser is leaving; stay busy
      }
      setStep('password');
    } catch (error) {
      setMessage(loginErrorMessage(error, SUPPORT_EMAIL));
    }
    setBusy(false);
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (!canSignIn || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const result = sessionTokenOf(await idp.signInWithCredentials(normalizedEmail, password));
      if ('message' in result) {
        setMessage(result.message);
      } else {
        saveRestoreUrl();
        await idp.signinRedirect(result.sessionToken);
        return; // the browser is leaving for the identity provider
      }
    } catch (error) {
      setMessage(loginErrorMessage(error, SUPPORT_EMAIL));
    }
    setBusy(false);
  }

  function backToEmail() {
    setStep('email');
    setPassword('');
    setMessage(null);
  }

  const passwordError = message?.placement === 'password' ? message : null;
  const formMessage = message?.placement === 'form' ? message : null;

  return (
    <AuthLayout>
      {step === 'email' ? (
        <form noValidate onSubmit={submitEmail}>
          <h1 className="zv-auth-title">Welcome</h1>
          <p className="zv-body2 zv-text-secondary zv-auth-lead">Sign in with your work email to continue.</p>
          <div className="zv-auth-stack">
            <LazyMessageBlock message={formMessage} />
            <LoginField
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <PlainButton type="submit" variant="contained" size="large" disabled={!normalizedEmail} loading={busy}>
              Next
            </PlainButton>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={submitPassword}>
          <h1 className="zv-auth-title zv-auth-title-alone">Enter your password</h1>
          <div className="zv-auth-stack">
            <LazyMessageBlock message={formMessage} />
            <div className="zv-relative">
              <LoginField label="Email" value={normalizedEmail} disabled />
              {/* A disabled input takes no clicks, so a transparent button covers it. */}
              <button
                type="button"
                aria-label={`Change email ${normalizedEmail}`}
                onClick={backToEmail}
                className="zv-cover-button"
              />
            </div>
            <LoginField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(passwordError)}
              helperText={passwordError?.text}
            />
            <a href={forgotPasswordUrl(idp.settings)} className="zv-link-hover">
              Forgot your password?
            </a>
            <PlainButton type="submit" variant="contained" size="large" disabled={!canSignIn} loading={busy}>
              Sign in
            </PlainButton>
          </div>
        </form>
      )}
    </AuthLayout>
  );
}
