import { describe, expect, it } from 'vitest';
import { fileMatchesFilter } from './file-filters';

describe('fileMatchesFilter', () => {
  it('applies the accept lists of spec 2 §5', () => {
    expect(fileMatchesFilter('image', 'image/png', 'a.png')).toBe(true);
    expect(fileMatchesFilter('image', 'application/pdf', 'a.pdf')).toBe(false);
    expect(fileMatchesFilter('document', 'application/pdf', 'a.pdf')).toBe(true);
    expect(fileMatchesFilter('document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'a.xlsx')).toBe(true);
    expect(fileMatchesFilter('document', 'text/plain', 'notes.txt')).toBe(true);
    expect(fileMatchesFilter('document', 'image/jpeg', 'a.jpg')).toBe(false);
    expect(fileMatchesFilter('video', 'video/mp4', 'clip.mp4')).toBe(true);
    expect(fileMatchesFilter('video', 'application/octet-stream', 'clip.m4v')).toBe(true);
    expect(fileMatchesFilter('all', 'application/zip', 'a.zip')).toBe(true);
  });

  it('refuses active content whatever the filter', () => {
    expect(fileMatchesFilter('all', 'text/html', 'page.html')).toBe(false);
    expect(fileMatchesFilter('all', 'application/octet-stream', 'x.svg')).toBe(false);
    expect(fileMatchesFilter('image', 'image/svg+xml', 'logo.svg')).toBe(false);
  });
});
