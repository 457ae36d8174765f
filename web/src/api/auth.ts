import { useMutation } from '@tanstack/react-query';
import { messages } from '@dispo/domain/messages';
import { apiRequest } from './client';
import { ApiError } from './errors';
import { saveSession } from './session';
import type { LoginRequest, LoginResponse } from './types';

export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  try {
    return await apiRequest<LoginResponse>('/auth/login', {
      method: 'POST',
      body: credentials,
      redirectOnUnauthorized: false,
    });
  } catch (error) {
    // A refusal without a text of the server still gets the German message of the catalogue.
    if (error instanceof ApiError && !error.fromServer) {
      if (error.status === 401) throw new ApiError(401, messages.login.invalidCredentials, error.details);
      if (error.status === 429) throw new ApiError(429, messages.login.tooManyAttempts, error.details);
    }
    throw error;
  }
}

/** Logs in and stores token and user (localStorage `authToken`, `user`). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => saveSession(token, user),
  });
}
