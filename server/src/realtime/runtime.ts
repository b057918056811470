import type { AppContext } from '../context';
import { createChatRepository } from '../modules/chat/repository';
import { createChatService, type ChatService } from '../modules/chat/service';
import { createMemoryBus, createPgBus, type ChatBus } from './bus';

/**
 * The chat pieces shared by the REST module and the socket hub of one app:
 * the bus, the service (one flood gate for both doors) and the hub's live
 * count. One per app context, made on first use, so modules.ts and the
 * realtime plugin share them without extra wiring in app.ts.
 */
export interface ChatRuntime {
  bus: ChatBus;
  service: ChatService;
  /** Replaced by the hub: people connected to this instance. */
  onlineUsers: () => number;
}

const runtimes = new WeakMap<AppContext, ChatRuntime>();

export function chatRuntime(ctx: AppContext): ChatRuntime {
  let rt = runtimes.get(ctx);
  if (!rt) {
    const { database, config } = ctx;
    const bus =
      database.kind === 'postgres' && database.pool && config.databaseUrl
        ? createPgBus({ connectionString: config.databaseUrl, pool: database.pool })
        : createMemoryBus({ pglite: database.pglite });
    const runtime: ChatRuntime = {
      bus,
      onlineUsers: () => 0,
      service: createChatService({ repo: createChatRepository(ctx.db), bus, onlineUsers: () => runtime.onlineUsers() }),
    };
    rt = runtime;
    runtimes.set(ctx, rt);
  }
  return rt;
}
