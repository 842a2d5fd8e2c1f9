#!/usr/bin/env node
// The package's `bin` (catalog-schema): loads the TypeScript CLI through tsx, a runtime dependency.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
