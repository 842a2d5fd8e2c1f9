// A Node module hook (module.register) for @actions/workflow-parser 0.3.61: its ESM build imports
// its two schema files (`*.min.json`) without `with { type: 'json' }`, which Node refuses
// (actions/languageservices#387, open). The hook adds the attribute to those imports only.
export async function load(url, context, nextLoad) {
  if (url.includes('/@actions/workflow-parser/dist/') && url.endsWith('.min.json')) {
    return nextLoad(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } });
  }
  return nextLoad(url, context);
}
