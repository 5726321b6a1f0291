import { resetDom } from './setup-dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderHook } from '@testing-library/react';
import { linkModal, useLastForm } from '../../src/providers/use-last-form.ts';

const press = (el: Element) => el.dispatchEvent(new window.MouseEvent('pointerdown', { bubbles: true }) as unknown as Event);

test("a modal opened from a form counts as that form: its YES clears the form's earlier errors", () => {
  resetDom();
  document.body.innerHTML = `
    <div class="card" data-form="wizard"><button id="next">Next</button></div>
    <form id="other"><button id="save">Save</button></form>
    <div class="modal" id="confirm"><button id="yes">YES</button></div>
    <div class="modal" id="loose"><button id="ok">OK</button></div>`;
  const { result, unmount } = renderHook(() => useLastForm());
  const $ = (id: string) => document.getElementById(id)!;
  press($('next'));
  const wizard = result.current();
  assert.ok(wizard !== undefined);
  press($('save'));
  assert.is.not(result.current(), wizard, 'another form is another form');
  // Without a link a modal is a form of its own; linked to its opener it is the opener's.
  press($('yes'));
  const alone = result.current();
  assert.is.not(alone, wizard);
  linkModal($('confirm'), $('next'));
  press($('yes'));
  assert.is(result.current(), wizard);
  // A modal opened from outside any form stays its own form.
  linkModal($('loose'), document.body);
  press($('ok'));
  assert.is.not(result.current(), wizard);
  unmount();
});

test.run();
