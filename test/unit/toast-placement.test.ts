import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { heightAt, isClear, placeStack, TOAST_MARGIN, TOAST_MIN_WIDTH, type Box } from '../../src/providers/toast-placement.ts';

const desktop = { width: 1440, height: 900 };
const phone = { width: 375, height: 812 };
const centreInside = (c: Box, b: Box) => {
  const x = c.x + c.width / 2,
    y = c.y + c.height / 2;
  return x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;
};

test('with nothing in the way the admin stack sits in the top-right corner', () => {
  const { box, reserve } = placeStack({ viewport: desktop, corner: 'top-right', width: 360, height: 60, controls: [] });
  assert.equal(box, { x: 1440 - TOAST_MARGIN - 360, y: TOAST_MARGIN, width: 360, height: 60 });
  assert.is(reserve, 0);
});

test('with nothing in the way the organiser stack sits in the bottom-right corner', () => {
  const { box } = placeStack({ viewport: desktop, corner: 'bottom-right', width: 360, height: 60, controls: [] });
  assert.is(box.y + box.height, 900 - TOAST_MARGIN);
  assert.is(box.x + box.width, 1440 - TOAST_MARGIN);
});

test('the admin stack moves down past the user menu and the ADD button', () => {
  const userMenu = { x: 1330, y: 10, width: 100, height: 36 };
  const add = { x: 1290, y: 80, width: 130, height: 36 };
  const { box } = placeStack({ viewport: desktop, corner: 'top-right', width: 360, height: 60, controls: [userMenu, add] });
  assert.ok(isClear(box, [userMenu, add]));
  assert.ok(box.y >= add.y + add.height, 'below the button');
  assert.is(box.x + box.width, 1440 - TOAST_MARGIN, 'still against the right edge');
});

test('the organiser stack rises above a row of icons at the bottom', () => {
  const icons = [0, 1, 2].map((i) => ({ x: 1300 + i * 40, y: 840, width: 32, height: 32 }));
  const { box } = placeStack({ viewport: desktop, corner: 'bottom-right', width: 360, height: 60, controls: icons });
  assert.ok(icons.every((c) => !centreInside(c, box)));
  assert.ok(box.y + box.height <= 840);
});

test('a right-hand column of row actions pushes the stack left, not off screen', () => {
  const actions = Array.from({ length: 20 }, (_, i) => ({ x: 1340, y: i * 45, width: 80, height: 32 }));
  const { box } = placeStack({ viewport: desktop, corner: 'top-right', width: 360, height: 60, controls: actions });
  assert.ok(isClear(box, actions));
  assert.ok(box.x >= 0 && box.x + box.width <= 1340);
});

test('on a phone full of controls the stack narrows to fit a gap', () => {
  // Two columns of buttons leave a gap 240 px wide on the right only between rows.
  const controls = Array.from({ length: 10 }, (_, i) => ({ x: 0, y: i * 80, width: 100, height: 40 }));
  const { box } = placeStack({ viewport: phone, corner: 'top-right', width: 343, height: 60, controls });
  assert.ok(isClear(box, controls));
  assert.ok(box.width <= 343 && box.width >= TOAST_MIN_WIDTH);
});

test('beside a narrow modal the stack stays in the free gutter', () => {
  const modal = { x: 470, y: 36, width: 500, height: 400 };
  const { box, reserve } = placeStack({ viewport: desktop, corner: 'top-right', width: 360, height: 60, controls: [], modal });
  assert.ok(box.x >= modal.x + modal.width, 'right of the modal');
  assert.is(reserve, 0);
});

test('over a full-width modal the stack claims a band the modal leaves free', () => {
  const modal = { x: 16, y: 32, width: 343, height: 700 };
  const top = placeStack({ viewport: phone, corner: 'top-right', width: 343, height: 60, controls: [], modal });
  assert.is(top.reserve, 60 + 2 * TOAST_MARGIN);
  assert.is(top.box.y, TOAST_MARGIN);
  const bottom = placeStack({ viewport: phone, corner: 'bottom-right', width: 343, height: 60, controls: [], modal });
  assert.is(bottom.box.y + bottom.box.height, 812 - TOAST_MARGIN);
  assert.is(bottom.reserve, 60 + 2 * TOAST_MARGIN);
});

test('a narrower stack is taller in proportion', () => {
  assert.is(heightAt(60, 360, 180), 120);
});

test('the stack never covers the header: with no clear box it still starts below it', () => {
  const header = { x: 0, y: 0, width: phone.width, height: 56 };
  const everywhere = Array.from({ length: 40 }, (_, i) => ({ x: 0, y: 56 + i * 20, width: phone.width, height: 18 }));
  const { box } = placeStack({ viewport: phone, corner: 'top-right', width: 343, height: 60, controls: [header, ...everywhere], floor: 56 });
  assert.ok(box.y >= 56, `below the header: ${JSON.stringify(box)}`);
  const free = placeStack({ viewport: desktop, corner: 'top-right', width: 360, height: 60, controls: [], floor: 56 });
  assert.ok(free.box.y >= 56 && free.box.y < 80, `just under the header: ${JSON.stringify(free.box)}`);
});
test.run();
