import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { passwordProblem } from '../auth/passwords.js';
import {
  acceptMembershipInvitation,
  completePasswordReset,
  invitationOrganization,
  requestPasswordReset,
  resetTokenIsValid,
  type MailSettings,
} from '../auth/password-reset.js';
import { escapeHtml, OIDC_MOUNT, page } from '../auth/provider.js';

export function mailSettings(app: FastifyInstance): MailSettings {
  const { config } = app.ctx;
  return {
    smtpUrl: config.identity.smtpUrl,
    from: config.identity.mailFrom,
    issuerUrl: `${config.publicUrl}${OIDC_MOUNT}`,
    log: (message) => app.log.info(message),
  };
}

const emailForm = z.object({ email: z.string().trim().toLowerCase().max(320).pipe(z.email()) });
const passwordForm = z.object({ password: z.string().max(1000), confirm: z.string().max(1000) });
const tokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/**
 * The identity provider's "Forgot your password?" pages: request a reset link by email, then
 * set a new password with the one-time link. Server-rendered, no script.
 */
export async function registerPasswordResetPages(app: FastifyInstance) {
  const home = `${app.ctx.config.publicUrl}/`;
  const requestForm = (error = '', email = '') =>
    page(
      'Forgot your password?',
      `<p class="note">Enter your email address and we will send you a link to set a new password.</p>${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${OIDC_MOUNT}/forgot-password"><label for="email">Email</label><input id="email" name="email" type="email" required maxlength="320" value="${escapeHtml(email)}" autocomplete="username">
<button type="submit">Send reset link</button></form><p><a href="${home}">Back to sign in</a></p>`,
    );

  app.get(`${OIDC_MOUNT}/forgot-password`, { config: { policy: 'public' } }, async (request, reply) => {
    const hint = (request.query as Record<string, unknown>).login_hint;
    return html(reply, requestForm('', typeof hint === 'string' ? hint.slice(0, 320) : ''));
  });

  app.post(`${OIDC_MOUNT}/forgot-password`, { config: { policy: 'public' } }, async (request, reply) => {
    const parsed = emailForm.safeParse(request.body ?? {});
    if (!parsed.success) return html(reply, requestForm('Please enter a valid email address.'), 400);
    await requestPasswordReset(app.ctx.db, parsed.data.email, mailSettings(app));
    // The same answer whether or not the account exists: the page reveals no accounts.
    return html(
      reply,
      page(
        'Check your email',
        `<p>If an account exists for ${escapeHtml(parsed.data.email)}, we have sent a link to set a new password.</p><p><a href="${home}">Back to sign in</a></p>`,
      ),
    );
  });

  const setForm = (token: string, error = '') =>
    page(
      'Set a new password',
      `${error ? `<p class="error">${escapeHtml(error)}</p>` : ''}<p class="note">At least 10 characters, with letters and digits.</p>
<form method="post" action="${OIDC_MOUNT}/reset-password/${token}"><label for="password">New password</label><input id="password" name="password" type="password" required autocomplete="new-password">
<label for="confirm">Repeat the new password</label><input id="confirm" name="confirm" type="password" required autocomplete="new-password"><button type="submit">Set password</button></form>`,
    );
  const expired = page(
    'Link expired',
    `<p>This link is invalid or has already been used.</p><p><a href="${OIDC_MOUNT}/forgot-password">Request a new link</a></p>`,
  );

  app.get(`${OIDC_MOUNT}/reset-password/:token`, { config: { policy: 'public' } }, async (request, reply) => {
    const params = tokenParam.safeParse(request.params);
    if (!params.success || !(await resetTokenIsValid(app.ctx.db, params.data.token))) return html(reply, expired, 404);
    return html(reply, setForm(params.data.token));
  });

  app.post(`${OIDC_MOUNT}/reset-password/:token`, { config: { policy: 'public' } }, async (request, reply) => {
    const params = tokenParam.safeParse(request.params);
    if (!params.success) return html(reply, expired, 404);
    const form = passwordForm.safeParse(request.body ?? {});
    if (!form.success) return html(reply, setForm(params.data.token, 'Please fill in both fields.'), 400);
    if (form.data.password !== form.data.confirm)
      return html(reply, setForm(params.data.token, 'The two passwords differ.'), 400);
    const problem = passwordProblem(form.data.password);
    if (problem) return html(reply, setForm(params.data.token, problem), 400);
    if (!(await completePasswordReset(app.ctx.db, params.data.token, form.data.password)))
      return html(reply, expired, 404);
    return html(
      reply,
      page('Password changed', `<p>Your new password is set.</p><p><a href="${home}">Sign in to Z-VIEW</a></p>`),
    );
  });

  // Invitations of existing accounts into another organisation: accepting is a deliberate POST.
  app.get(`${OIDC_MOUNT}/invitations/:token`, { config: { policy: 'public' } }, async (request, reply) => {
    const params = tokenParam.safeParse(request.params);
    const organization = params.success ? await invitationOrganization(app.ctx.db, params.data.token) : undefined;
    if (!params.success || !organization) return html(reply, expiredInvitation, 404);
    return html(
      reply,
      page(
        'Join an organization',
        `<p>You are invited to join <strong>${escapeHtml(organization)}</strong> on Z-VIEW with your account.</p>
<form method="post" action="${OIDC_MOUNT}/invitations/${params.data.token}"><input type="hidden" name="accept" value="1"><button type="submit">Accept the invitation</button></form><p><a href="${home}">Not now</a></p>`,
      ),
    );
  });

  app.post(`${OIDC_MOUNT}/invitations/:token`, { config: { policy: 'public' } }, async (request, reply) => {
    const params = tokenParam.safeParse(request.params);
    const organization = params.success ? await acceptMembershipInvitation(app.ctx.db, params.data.token) : undefined;
    if (!organization) return html(reply, expiredInvitation, 404);
    return html(
      reply,
      page(
        'Invitation accepted',
        `<p>You are now a member of ${escapeHtml(organization)}.</p><p><a href="${home}">Sign in to Z-VIEW</a></p>`,
      ),
    );
  });
}

const expiredInvitation = page(
  'Invitation expired',
  '<p>This invitation is invalid, has expired or has already been used.</p>',
);
