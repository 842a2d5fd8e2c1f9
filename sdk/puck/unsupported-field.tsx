import type { Field } from '@puckeditor/core';
import type { FieldIssue } from './puck-fields.js';

/** What the fields panel shows in place of a puck.json field Puck cannot show: its issue, as a notice. */
export function unsupportedField(issue: FieldIssue): Field {
  return {
    type: 'custom',
    label: issue.path,
    render: () => (
      <p role="alert" data-field-issue={issue.path} style={{ color: '#b91c1c', margin: 0 }}>
        {issue.message}
      </p>
    ),
  };
}
