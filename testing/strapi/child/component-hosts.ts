import type { Strapi } from './strapi-surface.js';

/** One step from a model into a component: a component attribute, or one component of a dynamic zone. */
export interface ComponentStep {
  readonly attribute: string;
  readonly component: string;
  readonly dynamicZone: boolean;
}

/** Where a component's rows live: a content type and the steps that lead from it to the component. */
export interface ComponentHost {
  readonly contentType: string;
  readonly steps: readonly ComponentStep[];
}

function stepsInto(strapi: Strapi, uid: string): ComponentStep[] {
  const schema = strapi.contentTypes[uid] ?? strapi.components[uid];
  const steps: ComponentStep[] = [];
  for (const [attribute, definition] of Object.entries(schema?.attributes ?? {})) {
    if (definition.type === 'component' && definition.component) {
      steps.push({ attribute, component: definition.component, dynamicZone: false });
    } else if (definition.type === 'dynamiczone') {
      for (const component of definition.components ?? []) steps.push({ attribute, component, dynamicZone: true });
    }
  }
  return steps;
}

/**
 * For every component that some `api::` content type holds (directly, nested, or in a dynamic
 * zone): the first such content type in uid order and the shortest path from it.
 */
export function componentHosts(strapi: Strapi): Map<string, ComponentHost> {
  const hosts = new Map<string, ComponentHost>();
  const contentTypes = Object.keys(strapi.contentTypes)
    .filter((uid) => uid.startsWith('api::'))
    .sort();
  for (const contentType of contentTypes) {
    const queue: { uid: string; steps: ComponentStep[] }[] = [{ uid: contentType, steps: [] }];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const { uid, steps } = queue.shift()!;
      for (const step of stepsInto(strapi, uid)) {
        if (seen.has(step.component)) continue;
        seen.add(step.component);
        const path = [...steps, step];
        if (!hosts.has(step.component)) hosts.set(step.component, { contentType, steps: path });
        queue.push({ uid: step.component, steps: path });
      }
    }
  }
  return hosts;
}

/** `blocks(form.form1)`: how a step is written in a report. */
export function stepLabel(step: ComponentStep): string {
  return `${step.attribute}(${step.component})`;
}
