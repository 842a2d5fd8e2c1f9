/** A valid editor schema: a title, items with a button each, and a form of fields. */
export const validEditorSchema = {
  title: 'Hero 1',
  type: 'object',
  required: ['heading', 'items', 'fields'],
  properties: {
    heading: { type: 'string' },
    items: { type: 'array', minItems: 1, items: { $ref: '#/definitions/button' } },
    fields: { type: 'array', minItems: 1, items: { $ref: '#/definitions/formField' } },
  },
  definitions: {
    button: {
      type: 'object',
      required: ['label', 'path', 'target', 'variant', 'size'],
      properties: {
        label: { type: 'string' },
        path: { type: 'string' },
        target: { enum: ['_self', '_blank'] },
        variant: { type: 'string' },
        size: { type: 'string' },
      },
    },
    formField: {
      type: 'object',
      required: ['name', 'type'],
      properties: { name: { type: 'string' }, type: { enum: ['text', 'email', 'tel', 'textarea'] } },
    },
  },
};
