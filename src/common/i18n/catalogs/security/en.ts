/**
 * English messages of two-step sign-in, passkeys and the owner's confirmations (My account, the forced enrolment, unlocking) (docs/languages.md): part of the English catalog (../index.ts), the
 * source the other languages translate. Their keys keep the `access.` names they were born with.
 */
export const securityEn = {
  'access.twoStep.title': 'Two-step sign-in',
  'access.twoStep.methodsTitle': 'Sign-in methods',
  'access.twoStep.statusOff': 'Two-step sign-in is off: your password alone signs you in.',
  'access.twoStep.statusApp': 'Two-step sign-in is on: authenticator app. Recovery codes left: {left}.',
  'access.twoStep.statusPasskeys': 'Two-step sign-in is on: {count, plural, one {# passkey} other {# passkeys}}. Recovery codes left: {left}.',
  'access.twoStep.statusBoth':
    'Two-step sign-in is on: authenticator app and {count, plural, one {# passkey} other {# passkeys}}. Recovery codes left: {left}.',
  'access.twoStep.leadOn':
    'Two-step sign-in is on. Keep these recovery codes somewhere safe: each works once if you lose your authenticator app, and they are shown only now.',
  'access.twoStep.leadReplaced':
    'Your new phone is set up: the old one no longer signs you in. Keep these new recovery codes somewhere safe: the old codes no longer work, and these are shown only now.',
  'access.twoStep.leadNew': 'Keep these new recovery codes somewhere safe: the old ones no longer work, and these are shown only now.',
  'access.twoStep.leadPasskey':
    'Two-step sign-in is on: your password alone no longer signs you in. Keep these recovery codes somewhere safe: each signs you in once if your passkeys are not at hand, and they are shown only now.',
  'access.twoStep.firstPasskeyWarning':
    'Adding a passkey turns two-step sign-in on: after that, your password alone no longer signs you in. You get recovery codes with your first passkey.',
  'access.twoStep.recoveryUsed': 'You used a recovery code ({left} left).',
  'access.twoStep.required': 'Your role requires two-step sign-in: turn it on to use the console.',
  'access.twoStep.newPhoneHint':
    'If your phone is lost or replaced, set up the authenticator app on your new phone: the old one then stops working, and you get new recovery codes.',
  'access.twoStep.runningOut': 'If you are running out, make new recovery codes.',
  'access.twoStep.setUpNewPhone': 'Set up your new phone',
  'access.twoStep.newCodes': 'New recovery codes',
  'access.twoStep.notNow': 'Not now',
  'access.twoStep.locked':
    'Sign-in codes are locked after too many wrong codes in a row. Unlock them with the link we e-mailed you, or ask an administrator. Your passkeys still sign you in.',
  'access.twoStep.recoveryCodes': 'Recovery codes',
  'access.twoStep.download': 'Download recovery codes',
  'access.twoStep.scanNewPhone':
    'Scan this QR code with the authenticator app on your new phone, or type the secret into it. Then enter the 6-digit code it shows: your old phone stops working once you confirm.',
  'access.twoStep.scan': 'Scan this QR code with your authenticator app, or type the secret into it. Then enter the 6-digit code it shows.',
  'access.twoStep.qrAlt': 'QR code of your two-step secret',
  'access.twoStep.secret': 'Secret: {secret}',
  'access.twoStep.appTitle': 'Authenticator app',
  'access.twoStep.appIntro': 'Ask for a code from an authenticator app each time you sign in, after your password.',
  'access.twoStep.setUpApp': 'Set up an authenticator app',
  'access.twoStep.turnOn': 'Turn on two-step sign-in',
  'access.twoStep.appOn': 'On: each sign-in asks for its code after your password.',
  'access.twoStep.appOnLine': 'Two-step sign-in with an authenticator app is {on}. Recovery codes left: {left}.',
  'access.twoStep.on': 'on',
  'access.twoStep.replace': 'Replace authenticator',
  'access.twoStep.turnOff': 'Turn off',
  'access.twoStep.turnOffFull': 'Turn off two-step sign-in',
  'access.twoStep.recoveryIntro': 'Each signs you in once when your phone or passkeys are not at hand. New ones replace the old ones.',
  'access.passkeys.title': 'Passkeys',
  'access.passkeys.notAdded': 'The passkey was not added.',
  'access.passkeys.notAddedWhy': 'The passkey was not added: {reason}.',
  'access.passkeys.none': "No passkeys yet. A passkey signs you in with this device's screen lock or a security key, without a password.",
  'access.passkeys.name': 'Name',
  'access.passkeys.added': 'Added',
  'access.passkeys.lastUsed': 'Last used',
  'access.passkeys.action': 'Action',
  'access.passkeys.removeLabel': 'Remove passkey {name}',
  'access.passkeys.unsupported': 'This browser cannot use passkeys.',
  'access.passkeys.nameLabel': 'Passkey name',
  'access.passkeys.namePlaceholder': 'e.g. Work laptop',
  'access.passkeys.add': 'Add a passkey',
  'access.owner.title': 'Confirm it is you',
  'access.owner.typePassword': 'Type your password.',
  'access.owner.lead': '{lead} You signed in more than 5 minutes ago.',
  'access.owner.password': 'Your password',
  'access.owner.code': 'Or a code from your authenticator app',
  'access.review.title': 'Check your passkeys',
  'access.review.intro': 'Your passkeys still sign in to your account without a password. Remove any you do not recognise.',
  'access.review.noneLeft': 'No passkeys left.',
} as const satisfies Record<string, string>;
