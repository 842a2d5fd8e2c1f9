#!/usr/bin/env node
// catalog-schema: the authoring CLI, built into dist/main.js.
import '../dist/main.js';
