import websocket from '@fastify/websocket';
import { REALTIME_PATH, ZBroadcastingAuthBody, ZBroadcastingAuthResponse } from '@heliline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, errorBody } from '../../http/errors.ts';
import { SECURITY_USER } from '../../http/schemas.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { SessionService } from '../sessions/service.ts';
import type { EventBus } from './bus.ts';
import { type ChannelSigner, mayJoin } from './channels.ts';
import type { SocketHub } from './hub.ts';

export interface RealtimeRouteOptions {
  bus: EventBus;
  hub: SocketHub;
  signer: ChannelSigner;
  sessions: SessionService;
}

const broadcastingAuth = {
  schema: {
    tags: ['realtime'],
    summary: 'Authorise the caller’s socket on a private channel (staff session; others 403)',
    description:
      'socket_id comes from the connection_established frame of GET /api/realtime. The answer’s auth (an HMAC of socket_id:channel_name with a server secret) goes back in the subscribe frame; it is good for that socket and channel only.',
    security: SECURITY_USER,
    body: ZBroadcastingAuthBody,
    response: { 200: ZBroadcastingAuthResponse },
  },
  config: { access: 'user', answers: [403] } as const,
};

/** The live staff channel: the WebSocket, its channel authorisation, and the bus's lifetime. */
export async function realtimeRoutes(fastify: FastifyInstance, opts: RealtimeRouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { bus, hub, signer, sessions } = opts;
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await bus.start();
  app.addHook('onClose', async () => {
    await hub.close();
    await bus.close();
  });

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    schema: { tags: ['realtime'], summary: 'WebSocket of the live staff channel (logged-in users; Pusher-like protocol, see docs/decisions/011)', hide: true },
    config: { access: 'user', answers: [403] } as const,
    preHandler: sameOrigin(app.config.appUrl),
    wsHandler: (socket, req) => {
      // Checked at each heartbeat against the database itself: a socket stays open for hours.
      hub.accept(socket, currentUser(req), async () => (await sessions.resolve(req, { fresh: true }))?.user ?? null);
    },
    // A plain request (no upgrade) is told what this address wants, not a bare 404 (RFC 9110 §15.5.22).
    handler: (req, reply) => reply.status(426).header('upgrade', 'websocket').send(errorBody('websocketUpgradeRequired', req.lang)),
  });

  app.post('/api/broadcasting/auth', broadcastingAuth, async (req) => {
    if (!mayJoin(currentUser(req).roles, req.body.channel_name)) throw new AppError('forbidden', 'forbidden');
    return { auth: signer.sign(req.body.socket_id, req.body.channel_name) };
  });
}

/**
 * A browser sends its page's Origin on the handshake: another site's page may not open our
 * socket with our cookie. Our own pages come from the request's host or from APP_URL (behind a
 * proxy that rewrites Host).
 */
function sameOrigin(appUrl: string) {
  const ours = new URL(appUrl).host;
  return async (req: FastifyRequest): Promise<void> => {
    const origin = req.headers.origin;
    if (!origin) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new AppError('forbidden', 'forbidden');
    }
    if (host !== req.headers.host && host !== ours) throw new AppError('forbidden', 'forbidden');
  };
}
