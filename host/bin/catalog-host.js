#!/usr/bin/env node
// catalog-host: the host process (design.md "Host process contract"), built into dist/main.js.
import '../dist/main.js';
