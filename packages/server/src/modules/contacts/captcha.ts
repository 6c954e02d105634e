import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { MessageKey } from '@heliline/domain';

/**
 * Self-hosted ALTCHA proof of work (altcha-lib 2.x). The widget on /contacts fetches a signed
 * challenge, solves it in the browser and sends back base64(JSON {challenge, solution}). We
 * check the HMAC signature, the expiry and the solution here; that each challenge is used once
 * is the contacts service's job (captcha_uses, shared by every app instance).
 */
export const CAPTCHA = {
  algorithm: 'PBKDF2/SHA-256',
  /** PBKDF2 iterations per attempt; with the default 1-byte key prefix about 256 attempts (< 1 s on a phone). */
  cost: 5_000,
  ttlMs: 10 * 60_000,
} as const;

const ZPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(CAPTCHA.algorithm),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().min(16).max(128),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(256), time: z.number().optional() }),
});

export type CaptchaResult = { ok: true; signature: string; expiresAt: Date } | { ok: false; reason: MessageKey };

export class Captcha {
  constructor(
    private readonly hmacSecret: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  create(): Promise<Challenge> {
    return createChallenge({
      algorithm: CAPTCHA.algorithm,
      cost: CAPTCHA.cost,
      deriveKey,
      hmacSignatureSecret: this.hmacSecret,
      expiresAt: new Date(this.clock().getTime() + CAPTCHA.ttlMs),
    });
  }

  /** Checks a payload as the widget sends it; never throws on bad input. */
  async verify(payload: unknown): Promise<CaptchaResult> {
    if (typeof payload !== 'string' || payload.trim() === '') return { ok: false, reason: 'captchaMissing' };
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    } catch {
      return { ok: false, reason: 'captchaInvalid' };
    }
    const parsed = ZPayload.safeParse(decoded);
    if (!parsed.success) return { ok: false, reason: 'captchaInvalid' };
    const { challenge, solution } = parsed.data;
    const expiresAt = challenge.parameters.expiresAt;
    // A challenge without expiry is not one of ours (we always set it, and it is signed).
    if (expiresAt === undefined) return { ok: false, reason: 'captchaInvalid' };
    if (expiresAt * 1000 <= this.clock().getTime()) return { ok: false, reason: 'captchaExpired' };
    const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: this.hmacSecret }).catch(() => null);
    if (!result || result.invalidSignature || result.invalidSolution) return { ok: false, reason: 'captchaInvalid' };
    if (result.expired) return { ok: false, reason: 'captchaExpired' };
    if (!result.verified) return { ok: false, reason: 'captchaInvalid' };
    return { ok: true, signature: challenge.signature, expiresAt: new Date(expiresAt * 1000) };
  }
}
