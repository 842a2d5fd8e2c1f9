// Placeholder entry of the authoring CLI; replaced by the CLI implementation (issue #7).
process.stderr.write('catalog-schema: not built yet\n');
process.exit(2);
