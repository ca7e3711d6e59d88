/**
 * The part of `ws` 8 this codebase uses (the realtime socket's server side through @fastify/websocket, and a real
 * client in tests). `ws` ships no types and @types/ws is not installed; when it is, delete this file.
 */
declare module 'ws' {
  import { EventEmitter } from 'node:events';
  import type { ClientRequest, IncomingMessage } from 'node:http';

  type RawData = Buffer | ArrayBuffer | Buffer[];

  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    readonly CONNECTING: 0;
    readonly OPEN: 1;
    readonly CLOSING: 2;
    readonly CLOSED: 3;
    readonly readyState: 0 | 1 | 2 | 3;
    constructor(address: string | URL, options?: WebSocket.ClientOptions);
    send(data: string | Buffer, cb?: (err?: Error) => void): void;
    close(code?: number, reason?: string | Buffer): void;
    ping(data?: unknown, mask?: boolean, cb?: (err: Error) => void): void;
    terminate(): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    on(event: 'open' | 'ping' | 'pong', listener: () => void): this;
    on(event: 'unexpected-response', listener: (req: ClientRequest, res: IncomingMessage) => void): this;
    once(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    once(event: 'error', listener: (err: Error) => void): this;
    once(event: 'open' | 'ping' | 'pong', listener: () => void): this;
    once(event: 'unexpected-response', listener: (req: ClientRequest, res: IncomingMessage) => void): this;
  }

  namespace WebSocket {
    export type { RawData };
    interface ClientOptions {
      maxPayload?: number;
      handshakeTimeout?: number;
      headers?: Record<string, string>;
      autoPong?: boolean;
    }
    interface ServerOptions {
      maxPayload?: number;
      perMessageDeflate?: boolean;
      clientTracking?: boolean;
    }
    class Server extends EventEmitter {
      constructor(options?: ServerOptions);
      readonly clients: Set<WebSocket>;
      close(cb?: (err?: Error) => void): void;
    }
    // `import { WebSocket } from 'ws'` and the namespace member @fastify/websocket's types refer to.
    const WebSocket: typeof import('ws');
    type WebSocket = import('ws');
  }

  export = WebSocket;
}
