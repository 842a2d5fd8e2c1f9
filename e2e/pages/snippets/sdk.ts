// Runs the README's SDK snippet as written (docs/snippets/sdk-embedding.ts) and hands its results to the test.
import { savedPage } from '../../../docs/snippets/sdk-embedding.js';
import { exposeSnippet } from './expose-snippet.js';

exposeSnippet({ savedPage });
