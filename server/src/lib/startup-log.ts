/**
 * A line in the log before the app's logger exists (opening the database, migrations, the demo church):
 * pino's JSON shape at info level, so the start reads as one log. Light on purpose: main.ts loads it
 * before the rest of the server's code.
 */
export const startupLog = (msg: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg }));
