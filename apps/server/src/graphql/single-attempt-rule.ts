import { GraphQLError, Kind, type ValidationRule } from 'graphql';

/**
 * Rejects operations where a sensitive root field (login, refresh) shares the operation with any
 * other field or alias, so one request can never carry several password or token attempts.
 */
export function singleAttemptRule(fields: readonly string[]): ValidationRule {
  return (context) => ({
    OperationDefinition(node) {
      const selections = node.selectionSet.selections;
      const sensitive = selections.some(
        (selection) => selection.kind === Kind.FIELD && fields.includes(selection.name.value),
      );
      const hasFragments = selections.some((selection) => selection.kind !== Kind.FIELD);
      if (sensitive && (selections.length > 1 || hasFragments)) {
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
