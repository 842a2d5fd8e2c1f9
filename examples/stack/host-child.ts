// The host as the playground runs it: `host/main.ts` itself, plus one rule: when the process
// that started it goes away (its IPC channel closes: `npm start` was killed, crashed or lost its
// terminal), the host shuts down as on SIGTERM instead of living on and holding its port.
process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
// Gone already, while this process was loading: the event has passed.
if (!process.connected) process.kill(process.pid, 'SIGTERM');
await import('../../host/main.js');
