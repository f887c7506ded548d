import {
  GraphQLError,
  Kind,
  type FieldNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * The fields an operation selects at its root, with named and inline fragments spread out: a
 * fragment must not hide a second attempt. Fragment cycles are reported by graphql's own rules;
 * here each fragment is spread once per path.
 */
export function rootFields(
  context: Pick<ValidationContext, 'getFragment'>,
  selectionSet: SelectionSetNode,
  spreading: ReadonlySet<string> = new Set(),
): FieldNode[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection];
    if (selection.kind === Kind.INLINE_FRAGMENT)
      return rootFields(context, selection.selectionSet, spreading);
    const name = selection.name.value;
    const fragment = context.getFragment(name);
    if (!fragment || spreading.has(name)) return [];
    return rootFields(context, fragment.selectionSet, new Set([...spreading, name]));
  });
}

/**
 * Rejects operations where a sensitive root field (login, refresh) shares the operation with any
 * other field or alias, directly or through fragments, so one request can never carry several
 * password or token attempts.
 */
export function singleAttemptRule(fields: readonly string[]): ValidationRule {
  return (context) => ({
    OperationDefinition(node) {
      const selected = rootFields(context, node.selectionSet);
      const sensitive = selected.some((field) => fields.includes(field.name.value));
      if (sensitive && selected.length > 1) {
        context.reportError(
          new GraphQLError(`${fields.join(' and ')} must be the only field of their operation.`, {
            nodes: [node],
            extensions: { code: 'bad_request' },
          }),
        );
      }
    },
  });
}
