import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { CLOSE_CODES, CLOSE_REASONS } from '@church/contract/chat/constants';
import type { AppContext } from '../context';
import { twoFactorSetupRequired, userFromToken } from '../plugins/auth';
import { socketOriginAllowed } from '../plugins/security-headers';
import { createHub } from './hub';
import { chatRuntime } from './runtime';

/**
 * The chat socket at /ws?token=<JWT> (spec 002 §7.12). The handshake is
 * accepted, then a missing or bad token is closed with 4001 and a reason a
 * person can read — a refused upgrade would only show the browser a bare 1006.
 */
export async function realtimePlugin(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const rt = chatRuntime(ctx);
  await rt.bus.start();
  const hub = createHub({ service: rt.service, bus: rt.bus, log: app.log });
  rt.onlineUsers = hub.onlineUsers;

  // Our own preClose: clients get 1001 and a reason, so they know to reconnect (the default sends no code).
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    preClose: (done) => {
      hub.closeAll();
      done();
    },
  });

  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true },
      // A page on another site must not open a member's socket (cross-site WebSocket hijacking):
      // refused before the upgrade, so no frame is ever exchanged.
      preValidation: async (request, reply) => {
        if (!socketOriginAllowed(request.headers.origin, request.host, ctx.config)) {
          await reply.code(403).send({ status: 'error', message: CLOSE_REASONS.badOrigin });
        }
      },
    },
    (socket, request) => {
      const token = (request.query as Record<string, unknown>).token;
      // Frames that arrive while the token is checked are kept and handled in order afterwards.
      const pending: string[] = [];
      const early = (raw: unknown) => pending.length < 50 && pending.push(String(raw));
      socket.on('message', early);
      if (typeof token !== 'string' || !token) {
        socket.close(CLOSE_CODES.unauthorized, CLOSE_REASONS.missingToken);
        return;
      }
      userFromToken(ctx.db, ctx.tokens, token)
        .then(async (user) => {
          if (!user) return socket.close(CLOSE_CODES.unauthorized, CLOSE_REASONS.badToken);
          // The church requires a second factor of this person's role and they have none yet: no chat (issue 29).
          if (await twoFactorSetupRequired(ctx.db, user)) return socket.close(CLOSE_CODES.forbidden, CLOSE_REASONS.twoFactorSetupRequired);
          socket.off('message', early);
          // The upgraded request's TCP socket: room frames are framed once and written there (fanout.ts).
          await hub.attach(socket, user, pending, request.raw.socket);
        })
        .catch((err) => {
          request.log.error({ err }, 'chat: socket setup failed');
          socket.close(1011, 'Chat error occurred');
        });
    },
  );

  app.addHook('onClose', async () => {
    await rt.bus.close();
  });
}
