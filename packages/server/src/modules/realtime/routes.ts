import websocket from '@fastify/websocket';
import { ZBroadcastingAuthBody, ZBroadcastingAuthResponse } from '@heliline/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, messageBody } from '../../http/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { SessionService } from '../sessions/service.ts';
import type { EventBus } from './bus.ts';
import { type ChannelSigner, mayJoin } from './channels.ts';
import { PUSHER_ERROR, PUSHER_PROTOCOL, refuse, type SocketHub } from './hub.ts';

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
      'Pusher’s channel authorisation, as pusher-js and Laravel Echo call it (form-encoded or JSON): socket_id comes from the pusher:connection_established frame of the WebSocket at /app/{key}. The answer’s auth ("<key>:<hex HMAC-SHA256 of socket_id:channel_name with the app secret>") goes back in the pusher:subscribe frame; it is good for that socket and channel only.',
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
    url: '/app/:key',
    schema: { tags: ['realtime'], summary: 'WebSocket of the live staff channel (logged-in users; Pusher Channels protocol 7, see docs/decisions/053)', hide: true },
    config: { access: 'user', answers: [403] } as const,
    preHandler: sameOrigin(app.config.appUrl),
    wsHandler: (socket, req) => {
      // As the protocol says: the upgrade succeeds, then a pusher:error and a close with its code.
      const { key } = req.params as { key: string };
      const { protocol } = req.query as { protocol?: string };
      if (key !== signer.key) return refuse(socket, PUSHER_ERROR.appDoesNotExist);
      if (protocol === undefined) return refuse(socket, PUSHER_ERROR.noProtocol);
      if (protocol !== String(PUSHER_PROTOCOL)) return refuse(socket, PUSHER_ERROR.unsupportedProtocol);
      // Checked at each heartbeat against the database itself: a socket stays open for hours.
      hub.accept(socket, currentUser(req), async () => (await sessions.resolve(req))?.user ?? null);
    },
    // A plain request (no upgrade) is told what this address wants, not a bare 404 (RFC 9110 §15.5.22).
    handler: (req, reply) => reply.status(426).header('upgrade', 'websocket').send(messageBody('websocketUpgradeRequired', req.lang)),
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
