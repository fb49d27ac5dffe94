/**
 * The server's connections, by whether a request is under way on them, for a clean stop
 * (main.ts). On SIGTERM:
 * - an idle keep-alive connection (its answers written, no request under way) is closed at once;
 * - a connection that has not sent a whole request head yet — one just accepted (or just handed
 *   over by the cluster's primary) whose request is in the socket's buffer, a browser's unused
 *   preconnect, a slowloris sending its headers a byte at a time — gets REQUESTLESS_GRACE_MS for
 *   its head to arrive, then is closed;
 * - a request under way is answered, with Connection: close, and its connection closed after.
 * So no connection can hold the stop for the header timeout (issue 32, finding 5: one idle socket
 * or one slowloris held it for 9 s and the process exited 1).
 *
 * Node's own server.closeIdleConnections() closes only connections that have finished a request:
 * one that never sent a complete request counts as active, for its header timeout's sake.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Long enough for a request whose bytes have already arrived to be read and started (an event-loop
 * turn or two, a few on a loaded machine), short enough that a stop with nothing under way takes
 * well under a second.
 */
export const REQUESTLESS_GRACE_MS = 250;

interface Connection {
  /** Requests under way. */
  active: number;
  /** Requests answered so far. */
  served: number;
}

export function trackConnections(server: Server) {
  const open = new Map<Socket, Connection>();
  /** Answers not yet finished (to tell them Connection: close when the stop begins). */
  const answering = new Set<ServerResponse>();
  let stopping = false;

  server.on('connection', (socket: Socket) => {
    open.set(socket, { active: 0, served: 0 });
    socket.once('close', () => open.delete(socket));
  });
  // Before the server's own handler, which may answer at once.
  server.prependListener('request', (req, res: ServerResponse) => {
    const socket = req.socket;
    const c = open.get(socket);
    if (!c) return;
    c.active++;
    if (stopping) res.setHeader('Connection', 'close');
    answering.add(res);
    res.once('close', () => {
      answering.delete(res);
      c.active--;
      c.served++;
      // Stopping: the connection goes as soon as its last answer is written.
      if (stopping && c.active === 0 && open.has(socket)) socket.destroySoon();
    });
  });

  const requestless = () => [...open].filter(([, c]) => c.active === 0 && c.served === 0).map(([s]) => s);

  return {
    /**
     * From now on answers say Connection: close. Idle keep-alive connections are closed now; those
     * without a whole request yet after REQUESTLESS_GRACE_MS unless one starts. Returns how many
     * were closed at once and how many are waiting for a request head.
     */
    stop(): { idle: number; awaitingHead: number } {
      stopping = true;
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
      let idle = 0;
      for (const [socket, c] of open) {
        if (c.active === 0 && c.served > 0) {
          socket.destroy();
          idle++;
        }
      }
      const waiting = requestless();
      if (waiting.length) {
        setTimeout(() => {
          for (const socket of waiting) if (open.get(socket)?.active === 0) socket.destroy();
        }, REQUESTLESS_GRACE_MS).unref();
      }
      return { idle, awaitingHead: waiting.length };
    },
    /** Requests under way on all connections. */
    requestsUnderWay(): number {
      let n = 0;
      for (const c of open.values()) n += c.active;
      return n;
    },
    /** Closes every connection that is left (the drain time is over). Returns how many. */
    destroyAll(): number {
      const n = open.size;
      for (const socket of open.keys()) socket.destroy();
      return n;
    },
  };
}
