import { describe, expect, it } from 'vitest';
import { criticalCssOf } from './critical-css';

const css = [
  '@layer theme{:root,:host{--color-primary:blue}}',
  '@layer base{*,:before{box-sizing:border-box}h1{font-size:2rem}}',
  '@layer components{.btn{padding:1rem}.btn:not(.btn-active):hover{color:red}.card .card-title{font-weight:700}}',
  '@layer utilities{.hidden{display:none}.max-lg\\:hidden{@media (width<64rem){display:none}}',
  '.w-1\\/3{width:33%}.unused{color:green}.a,.unused-too{margin:0}}',
  '@media (width>=40rem){.sm\\:flex{display:flex}.lonely{display:grid}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '@property --tw-x{syntax:"*";inherits:false}',
].join('');

describe('critical CSS', () => {
  const cut = criticalCssOf(css);

  it('keeps the rules whose classes the page uses, and every rule that is not about a class', () => {
    const out = cut(
      '<div class="btn card"><h2 class="card-title max-lg:hidden w-1/3 sm:flex a">x</h2></div>',
    );
    expect(out).toContain(':root,:host{--color-primary:blue}');
    expect(out).toContain('h1{font-size:2rem}');
    expect(out).toContain('.btn{padding:1rem}');
    // A class under :not() need not be on the page.
    expect(out).toContain('.btn:not(.btn-active):hover{color:red}');
    expect(out).toContain('.card .card-title{font-weight:700}');
    // Escaped class names, and a rule's body with nested at-rules, come through unchanged.
    expect(out).toContain('.max-lg\\:hidden{@media (width<64rem){display:none}}');
    expect(out).toContain('.w-1\\/3{width:33%}');
    expect(out).toContain('@media (width>=40rem){.sm\\:flex{display:flex}}');
    // Of a selector list, only the selectors the page can match.
    expect(out).toContain('.a{margin:0}');
    expect(out).toContain('@keyframes spin{to{transform:rotate(1turn)}}');
    expect(out).toContain('@property --tw-x{syntax:"*";inherits:false}');
  });

  it('drops the rules of classes the page does not use, and at-rules left empty', () => {
    const out = cut('<p class="btn">x</p>');
    expect(out).not.toContain('unused');
    expect(out).not.toContain('.hidden');
    expect(out).not.toContain('lonely');
    expect(out).not.toContain('@media (width>=40rem)');
    expect(out).not.toContain('.card');
  });
});
