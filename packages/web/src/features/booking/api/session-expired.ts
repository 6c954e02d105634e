import { ApiError } from '../../../api/client.ts';

/** A call answered 401: the session ended while the wizard was open (special state 401). */
export const isSessionExpired = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
