// Runs the README's Puck snippet as written (docs/snippets/puck-embedding.tsx) and hands its store to the test.
import { store } from '../../../docs/snippets/puck-embedding.js';
import { exposeSnippet } from './expose-snippet.js';

exposeSnippet({ store });
