// Runs the README's service worker snippet as written (docs/snippets/service-worker-registration.ts).
import { worker } from '../../../docs/snippets/service-worker-registration.js';
import { exposeSnippet } from './expose-snippet.js';

exposeSnippet({ worker });
