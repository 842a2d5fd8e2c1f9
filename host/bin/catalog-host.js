#!/usr/bin/env node
// catalog-host: the host process (docs/design.md "Host process contract"), built into dist/main.js.
import '../dist/main.js';
