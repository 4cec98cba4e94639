declare module 'markdown-it-task-lists' {
  // The plugin mutates the MarkdownIt instance it is given; no typings ship with it.
  const taskLists: (md: unknown, options?: { enabled?: boolean; label?: boolean }) => void;
  export default taskLists;
}
