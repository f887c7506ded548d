import type { Capability } from '@attune/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { TokenSigner } from './tokens';

/** What the auth service needs from the app; built once in the auth plugin. */
export interface AuthContext {
  database: Database;
  config: AppConfig;
  tokens: TokenSigner;
  /** The mail worker (modules/mail), as much of it as accounts use: a code's mail is tried at once. */
  mail: {
    kick(): void;
    deliverNow(id: number, timeoutMs?: number): Promise<'sent' | 'delayed'>;
  };
  log: FastifyBaseLogger;
}

/**
 * The signed-in member behind a request, with what they may do: roles and capabilities are read
 * with the session (one query), so policies decide without loading the member again.
 */
export interface Principal {
  userId: number;
  sessionId: string;
  /** When the presented token expires (unix seconds); viewer reports it as jwtAuthExpiration. */
  tokenExpiresAt: number;
  roles: readonly string[];
  /** `capabilitiesFor(roles)`: the contract's table (decision 0028). */
  capabilities: readonly Capability[];
}

export interface IssuedTokens {
  authToken: string;
  refreshToken: string;
  jwtAuthExpiration: number;
  sessionExpiresAt: Date;
}
