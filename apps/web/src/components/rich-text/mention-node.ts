import { mergeAttributes, Node } from '@tiptap/core';

/**
 * A mentioned member in the editor: an inline, atomic node with the member's id and name, written
 * as the server's mention (decision 0038: `<span data-type="mention" data-id>@name</span>`). It is
 * inserted from the "Mention a member" list, which is a labelled combobox rather than a popup
 * under the caret, so the keyboard and screen readers reach it like any other field.
 */
export const MentionNode = Node.create({
  name: 'mention',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: false,
  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => Number(element.getAttribute('data-id')),
        renderHTML: (attributes) => ({ 'data-id': attributes.id }),
      },
      label: {
        default: '',
        parseHTML: (element) => element.textContent?.replace(/^@/, '') ?? '',
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-type="mention"]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return [
      'span',
      mergeAttributes({ 'data-type': 'mention', class: 'mention' }, HTMLAttributes),
      `@${node.attrs.label}`,
    ];
  },
  renderText({ node }) {
    return `@${node.attrs.label}`;
  },
});
