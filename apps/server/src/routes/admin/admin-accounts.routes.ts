/**
 * The back office's accounts (architecture: 'The back office'):
 *   POST   /admin/v1/password         { token, password }: sets a password from a one-time link → 204
 *   POST   /admin/v1/session          { email, password }: signs in → 204 with the session cookie; wrong → 401
 *   GET    /admin/v1/session          who is signed in
 *   DELETE /admin/v1/session          signs out
 *   DELETE /admin/v1/sessions         signs out everywhere
 *   POST   /admin/v1/password-reset   { email }: a reset link by e-mail (202 whether or not the address has an account)
 *   GET    /admin/v1/managers         every account (admin)
 *   POST   /admin/v1/managers         { email, name, role, vendorIds? }: invites (admin) → 201
 *   DELETE /admin/v1/managers/{id}    disables at once (admin) → 204
 */
import {
  CurrentManager,
  Manager,
  ManagerInvite,
  ManagerList,
  ManagerParams,
  PasswordResetRequest,
  SetPasswordRequest,
  SignInRequest,
} from '@venue/contract/admin-accounts';
import { ErrorBody } from '@venue/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientKey } from '../../lib/client-key.ts';
import type { SignInFailureStore } from '../../lib/sign-in-failures.ts';
import {
  createManager,
  disableManager,
  getManager,
  issueResetLink,
  listManagers,
  managerActor,
  sendLinkMail,
  sessionManager,
  setPasswordFromLink,
  setPasswordUrl,
  signIn,
  SIGN_IN_REFUSED_MESSAGE,
  signOut,
  signOutEverywhere,
} from '../../modules/managers/managers.service.ts';
import type { Mailer } from '../../modules/receipts/mailer.ts';
import { mailSender } from '../../modules/receipts/receipts.service.ts';
import { installationName } from '../../modules/venues/venues.service.ts';
import { sendError } from '../../plugins/error-handler.ts';
import { managerOf, requireAdmin, requireManager, sessionCookie, sessionToken } from './admin-auth.ts';

export interface AdminAccountRoutesOptions {
  mailer: Mailer;
  signInFailures: SignInFailureStore;
}

const ERRORS = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const TAGS = ['back office'];
const SECURITY = [{ adminSession: [] }];

export const adminAccountRoutes: FastifyPluginAsyncZod<AdminAccountRoutesOptions> = async (app, options) => {
  const signedIn = requireManager({ db: app.db, clock: app.clock });

  /** Mails a link; a mail that cannot go is logged (the manager can ask again), never a failed request. */
  async function mailLink(purpose: 'invite' | 'reset', manager: { name: string; email: string }, token: string) {
    try {
      const venue = await installationName(app.db);
      const link = setPasswordUrl(app.config.publicUrl, token);
      await sendLinkMail(options.mailer, mailSender(venue, app.config.publicUrl), purpose, manager, link, venue);
    } catch (error) {
      app.log.error({ err: error, purpose }, 'back office: a password link e-mail could not be sent');
    }
  }

  app.post(
    '/password',
    {
      schema: {
        summary:
          'Sets a password from a one-time link (an invitation or a reset): at least 12 characters; the link works once, for 24 hours. Every session of the account ends.',
        tags: TAGS,
        body: SetPasswordRequest,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      await setPasswordFromLink(app.db, request.body.token, request.body.password, app.clock());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/session',
    {
      schema: {
        summary:
          'Signs in: 204 with the session cookie (HttpOnly, SameSite=Strict). A wrong email or password answers 401; repeated failures from one address or for one account answer 429.',
        tags: TAGS,
        body: SignInRequest,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const now = app.clock();
      const { email, password } = request.body;
      // Counted before the password is checked, per address and per account, and taken back when right.
      const keys = [`admin-ip:${clientKey(request.ip)}`, `admin-account:${email}`];
      const attempts = await Promise.all(keys.map((key) => options.signInFailures.add(key, now)));
      const over = attempts.find((attempt) => attempt.count > app.config.opsSignInLimit);
      if (over) {
        const seconds = Math.max(1, Math.ceil((over.resetsAt - now) / 1000));
        reply.header('Retry-After', String(seconds));
        return sendError(
          reply,
          429,
          `Too many failed sign-ins. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        );
      }
      const session = await signIn(app.db, email, password, now);
      if (!session) return sendError(reply, 401, SIGN_IN_REFUSED_MESSAGE);
      await Promise.all(keys.map((key, index) => options.signInFailures.release(key, attempts[index]!)));
      reply.header('Set-Cookie', sessionCookie(request, session.token)).header('Cache-Control', 'no-store');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/session',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Who is signed in.',
        tags: TAGS,
        security: SECURITY,
        response: { 200: CurrentManager, ...ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return getManager(app.db, managerOf(request).id);
    },
  );

  app.delete(
    '/session',
    {
      schema: {
        summary: 'Signs out of this browser (always 204; the cookie is cleared).',
        tags: TAGS,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const now = app.clock();
      const token = sessionToken(request);
      const manager = token ? await sessionManager(app.db, token, now) : null;
      if (manager) await signOut(app.db, manager, now);
      return reply.header('Set-Cookie', sessionCookie(request, null)).code(204).send(null);
    },
  );

  app.delete(
    '/sessions',
    {
      onRequest: signedIn,
      schema: {
        summary: "Signs out everywhere: every session of the signed-in manager's account ends.",
        tags: TAGS,
        security: SECURITY,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      await signOutEverywhere(app.db, managerOf(request), app.clock());
      return reply.header('Set-Cookie', sessionCookie(request, null)).code(204).send(null);
    },
  );

  app.post(
    '/password-reset',
    {
      schema: {
        summary:
          'Sends a link to set a new password, when the address has an account. Always 202, so it tells no one which addresses have accounts.',
        tags: TAGS,
        body: PasswordResetRequest,
        response: { 202: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const now = app.clock();
      // Counted like sign-ins per address: a reset form must not become a mail cannon.
      const attempt = await options.signInFailures.add(`admin-reset:${clientKey(request.ip)}`, now);
      if (attempt.count > app.config.opsSignInLimit) {
        const seconds = Math.max(1, Math.ceil((attempt.resetsAt - now) / 1000));
        reply.header('Retry-After', String(seconds));
        return sendError(reply, 429, `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
      }
      const reset = await issueResetLink(app.db, request.body.email, now);
      if (reset) await mailLink('reset', reset.manager, reset.token);
      return reply.code(202).send(null);
    },
  );

  app.get(
    '/managers',
    {
      onRequest: [signedIn, requireAdmin],
      schema: {
        summary: 'Every back-office account, disabled ones too (admin only).',
        tags: TAGS,
        security: SECURITY,
        response: { 200: ManagerList, ...ERRORS },
      },
    },
    async () => listManagers(app.db),
  );

  app.post(
    '/managers',
    {
      onRequest: [signedIn, requireAdmin],
      schema: {
        summary:
          'Invites a manager (admin only): an e-mail with a link to set the password, valid 24 hours. A store manager runs the stores in vendorIds.',
        tags: TAGS,
        security: SECURITY,
        body: ManagerInvite,
        response: { 201: Manager, ...ERRORS },
      },
    },
    async (request, reply) => {
      const manager = managerOf(request);
      const created = await createManager(app.db, request.body, managerActor(manager), app.clock());
      await mailLink('invite', created.manager, created.token);
      return reply.code(201).send(created.manager);
    },
  );

  app.delete(
    '/managers/:id',
    {
      onRequest: [signedIn, requireAdmin],
      schema: {
        summary:
          'Disables an account at once (admin only): its sessions end in every process and its links stop working.',
        tags: TAGS,
        security: SECURITY,
        params: ManagerParams,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      await disableManager(app.db, request.params.id, managerOf(request), app.clock());
      return reply.code(204).send(null);
    },
  );
};
