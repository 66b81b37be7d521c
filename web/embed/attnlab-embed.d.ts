// Declarations of attnlab-embed.js (the package's entry `attention-lab/embed`;
// copied to dist/ by scripts/build-page.mjs). The script has no exports:
// importing it (`import 'attention-lab/embed'`) or loading it with a
// <script> tag defines window.AttnLabEmbed and the <attn-lesson> element.
// See docs/embedding.md.

/** A parameter value as set() sends it: booleans as 1/0, vectors "1,2,3", matrices "1,2;3,4". */
export type AttnLabEmbedValue = string | number | boolean | (string | number)[] | number[][] | null | undefined;

export interface AttnLabEmbedApi {
  /** The package's version (package.json), the same as AttnLab.version. */
  readonly version: string;
  /**
   * Posts {type: 'attnlab:set', ...params} (values in their URL form) to the
   * lesson in el: an <attn-lesson> element or an <iframe> of embed.html.
   * Returns false when el has no lesson frame (nothing is sent).
   */
  set(el: Element, params: Record<string, AttnLabEmbedValue>): boolean;
}

/** <attn-lesson lesson="softmax" lang="zh-Hans" params="T=0.5">: a sandboxed iframe of embed.html. */
export interface AttnLessonElement extends HTMLElement {}

declare global {
  interface Window { AttnLabEmbed: AttnLabEmbedApi }
  var AttnLabEmbed: AttnLabEmbedApi;
  interface HTMLElementTagNameMap { 'attn-lesson': AttnLessonElement }
}
