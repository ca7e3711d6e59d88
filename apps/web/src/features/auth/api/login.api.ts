import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginResponse, LoginRequest } from '@kindred/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type LoginResponse = z.infer<typeof loginResponse>;

/** POST auth/login/ → tokens and the user; the server also sets the httpOnly refresh cookie. */
export function loginUser(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>(apiPaths.login, { method: 'POST', body });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: loginUser });
}
