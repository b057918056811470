// Child process of bench/src/speed.ts: the baseline every figure is divided by — a bare Fastify 5
// `GET /hello` answering {"hello":"world"} in its own process, no plugins, no database.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 4501), host: '127.0.0.1' });
process.send?.('ready');
