// Declarations of attnlab-embed.js (the package's entry `attention-lab/embed`;
// copied to dist/ by scripts/build-page.mjs). The script has no exports:
// importing it (`import 'attention-lab/embed'`) in a browser or loading it with a
// <script> tag defines window.AttnLabEmbed and the <attn-lesson> element.
// See docs/embedding.md.

/** A parameter value as set() sends it: booleans as 1/0, vectors "1,2,3", matrices "1,2;3,4". */
export type AttnLabEmbedValue = string | number | boolean | (string | number)[] | number[][] | null | undefined;

/** What set() did: sent now, queued until the lesson is ready, or refused (reason says why). */
export interface AttnLabEmbedSetResult {
  readonly status: 'sent' | 'queued' | 'refused';
  readonly reason?: string;
}

export interface AttnLabEmbedApi {
  /** The package's version (package.json), the same as AttnLab.version. */
  readonly version: string;
  /**
   * Posts {type: 'attnlab:set', ...params} (values in their URL form) to the
   * lesson in el: an <attn-lesson> element or an <iframe> of embed.html.
   * Before the lesson has said attnlab:ready the command is queued and sent,
   * in order with the others, once it has. Returns what happened.
   */
  set(el: Element | null, params: Record<string, AttnLabEmbedValue>): AttnLabEmbedSetResult;
}

/** <attn-lesson lesson="softmax" lang="zh-Hans" params="T=0.5">: a sandboxed iframe of embed.html. */
export interface AttnLessonElement extends HTMLElement {}

declare global {
  interface Window { AttnLabEmbed: AttnLabEmbedApi }
  var AttnLabEmbed: AttnLabEmbedApi;
  interface HTMLElementTagNameMap { 'attn-lesson': AttnLessonElement }
}
