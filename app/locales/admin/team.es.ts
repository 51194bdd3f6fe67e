import type { Widen } from '../widen'

/** The restaurant's team: roles, invitations, who works where; Spanish, the default. */
const teamEs = {
  forbidden: 'Tu rol en este restaurante no permite hacer esto. Pídeselo a un gerente o al dueño.',
  title: 'Equipo',
  lead: 'Quién trabaja en {{restaurant}} y qué puede hacer cada quien.',
  roles: { owner: 'Dueño', manager: 'Gerente', waiter: 'Mesero' },
  roleHelp: {
    owner: 'Todo, incluidos el equipo, Stripe y la configuración.',
    manager: 'Mesas, órdenes, menús, cobros, anulaciones, cortesías, devoluciones, cierres, corte de caja y análisis.',
    waiter: 'Mesas, órdenes, notas, cobros en efectivo o terminal, anular lo no pagado y cerrar cuentas pagadas.',
  },
  you: 'Tú',
  members: 'Miembros',
  role: 'Rol',
  changeRole: 'Cambiar rol',
  roleChanged: 'Rol actualizado',
  remove: 'Quitar del equipo',
  removeConfirm: '¿Quitar a {{name}} del equipo? Su sesión se cerrará de inmediato.',
  removed: 'Se quitó a {{name}} del equipo',
  lastOwner: 'El restaurante necesita al menos un dueño: nombra a otro antes.',
  invite: {
    title: 'Invitar a alguien',
    email: 'Correo',
    role: 'Rol',
    send: 'Enviar invitación',
    sent: 'Invitación enviada a {{email}}',
    already: 'Esa persona ya es parte del equipo.',
    pending: 'Invitaciones pendientes',
    expires: 'Vence el {{date}}',
    resend: 'Reenviar',
    resent: 'Invitación reenviada',
    cancel: 'Cancelar',
    cancelled: 'Invitación cancelada',
    none: 'No hay invitaciones pendientes.',
    mailSubject: 'Te invitaron a {{restaurant}} en Mesa',
    mailBody:
      '{{inviter}} te invitó a unirte a {{restaurant}} en Mesa como {{role}}.\n\nAbre este enlace para aceptar (vale 7 días y una sola vez):\n{{link}}\n\nSi no esperabas esta invitación, ignora este correo.',
  },
  join: {
    title: 'Únete a {{restaurant}}',
    lead: '{{inviter}} te invitó como {{role}}.',
    name: 'Tu nombre',
    password: 'Elige una contraseña',
    create: 'Crear mi cuenta y unirme',
    signedInAs: 'Entraste como {{email}}.',
    joinAs: 'Unirme como {{email}}',
    otherAccount: 'Esta invitación es para {{email}}. Cierra sesión y entra con esa cuenta.',
    existing: 'Ya tienes una cuenta con {{email}}: entra con ella para unirte.',
    signIn: 'Entrar para unirme',
    invalidTitle: 'Esta invitación ya no sirve',
    invalid: 'El enlace venció, ya se usó, se canceló o no existe. Pide una invitación nueva a quien te invitó.',
    welcome: 'Bienvenido a {{restaurant}}',
  },
  switcher: {
    label: 'Restaurante',
    switch: 'Cambiar',
    switched: 'Ahora trabajas en {{restaurant}}',
    create: 'Abrir otro restaurante',
  },
  create: {
    title: 'Abrir un restaurante',
    lead: 'Serás su dueño. Tus otros restaurantes siguen igual.',
    none: 'Todavía no perteneces a ningún restaurante. Abre uno, o pide a su dueño una invitación.',
    submit: 'Abrir restaurante',
    created: 'Restaurante abierto',
  },
}

export type TeamResources = Widen<typeof teamEs>
export default teamEs
