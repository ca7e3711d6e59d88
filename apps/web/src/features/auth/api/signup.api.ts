import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signupResponse, SignupRequest } from '@kindred/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export type SignupResponse = z.infer<typeof signupResponse>;

/** POST auth/parent/signup/ → 201 with the new user. */
export function signupParent(body: SignupRequest): Promise<SignupResponse> {
  return apiRequest<SignupResponse>(apiPaths.signup, { method: 'POST', body });
}

export function useSignupMutation() {
  return useMutation({ mutationFn: signupParent });
}
