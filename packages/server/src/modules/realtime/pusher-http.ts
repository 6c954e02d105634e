import Pusher from 'pusher';
import type { BusListener, ChannelEvent, EventBus } from './bus.ts';

export interface ExternalPusher {
  appId: string;
  key: string;
  secret: string;
  host: string;
  port: number;
  useTLS: boolean;
}

/**
 * Publishes through the Pusher HTTP API (the official server library) to an external
 * Pusher-compatible server (soketi, Pusher), which holds the browsers' sockets: any number of
 * instances on any database publish there. Nothing in this process listens, so subscribers get
 * nothing here; the event leaves as it would on our own socket (`exceptSocket` is Pusher's socket_id).
 */
export class PusherHttpBus implements EventBus {
  private readonly pusher: Pusher;

  constructor(o: ExternalPusher) {
    this.pusher = new Pusher({ appId: o.appId, key: o.key, secret: o.secret, host: o.host, port: String(o.port), useTLS: o.useTLS, timeout: 5_000 });
  }

  async start(): Promise<void> {}

  async publish(event: ChannelEvent): Promise<void> {
    await this.pusher.trigger(event.channel, event.event, event.data, event.exceptSocket ? { socket_id: event.exceptSocket } : undefined);
  }

  subscribe(_listener: BusListener): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {}
}
