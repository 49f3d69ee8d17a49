/** The accounts API (/admin/v1: session, password, managers), one function per call. */
import type {
  Manager,
  ManagerInvite,
  PasswordResetRequest,
  SetPasswordRequest,
  SignInRequest,
} from '@venue/contract/admin-accounts';
import { call } from './admin-client';

/** Who is signed in; rejects with a 401 ApiError when no one is. */
export const getSession = (signal?: AbortSignal) =>
  call<Manager>('GET', '/session', { expectSignedOut: true, ...(signal ? { signal } : {}) });

export const signIn = (body: SignInRequest) => call<null>('POST', '/session', { body, expectSignedOut: true });

export const signOut = () => call<null>('DELETE', '/session', { expectSignedOut: true });

/** Ends every session of the account, this one too. */
export const signOutEverywhere = () => call<null>('DELETE', '/sessions');

export const setPassword = (body: SetPasswordRequest) =>
  call<null>('POST', '/password', { body, expectSignedOut: true });

export const requestPasswordReset = (body: PasswordResetRequest) =>
  call<null>('POST', '/password-reset', { body, expectSignedOut: true });

export const listManagers = (signal?: AbortSignal) => call<Manager[]>('GET', '/managers', signal ? { signal } : {});

export const inviteManager = (body: ManagerInvite) => call<Manager>('POST', '/managers', { body });

export const disableManager = (id: number) => call<null>('DELETE', `/managers/${id}`);
