/** A section of a scrolling form: its id and its top, relative to the scroll box's top. */
export interface SectionTop {
  id: string;
  top: number;
}

/**
 * The section the side navigation marks: the last whose top has passed the upper third of the
 * scroll box. At the end of the form, sections too short to reach that line are marked once
 * their top is in view, so the last section (reached by its link) is marked, not the one above.
 */
export function sectionInView(
  sections: readonly SectionTop[],
  viewHeight: number,
  atEnd: boolean,
): string | undefined {
  let current = sections[0]?.id;
  const line = viewHeight * 0.35;
  for (const s of sections) if (s.top <= line) current = s.id;
  if (atEnd) {
    const visible = sections.filter((s) => s.top >= 0 && s.top < viewHeight);
    const last = visible[visible.length - 1];
    if (last) current = last.id;
  }
  return current;
}
