import type { Widen } from '../widen'

/** The setup checklist a new owner lands on after signing up; Spanish, the default. */
const setupChecklistEs = {
  title: 'Configura tu restaurante',
  lead: 'Seis pasos para cobrar en tus mesas. Cada uno se marca solo en cuanto lo terminas.',
  progress: '{{done}} de {{total}} pasos hechos',
  done: 'Hecho',
  todo: 'Pendiente',
  steps: {
    details: {
      title: 'Los datos de tu restaurante',
      text: 'Revisa nombre, dirección, impuestos (IVA) y zona horaria, y guarda.',
      action: 'Revisar datos',
      again: 'Revisar datos',
    },
    menu: {
      title: 'Tu primer menú',
      text: 'Crea un menú con al menos un platillo: de él piden tus comensales.',
      action: 'Crear menú',
      again: 'Ver menús',
    },
    tables: {
      title: 'Tus mesas y sus tarjetas QR',
      text: 'Agrega una mesa e imprime su tarjeta: su código QR abre la cuenta de esa mesa.',
      action: 'Agregar mesa',
      again: 'Agregar otra mesa',
    },
    payments: {
      title: 'Pagos con tarjeta (Stripe) y tu cuenta bancaria',
      text: 'Conecta tu cuenta de Stripe y termina su registro con la cuenta bancaria donde recibes lo cobrado.',
      action: 'Conectar Stripe',
      again: 'Ver pagos con tarjeta',
    },
    team: {
      title: 'Tu equipo',
      text: 'Invita a tus meseros, gerentes o cocina. Cuenta en cuanto envías una invitación.',
      action: 'Invitar al equipo',
      again: 'Ver equipo',
    },
    testPayment: {
      title: 'Un pago de prueba en tu mesa',
      text: 'Abre tu mesa como comensal, pide un platillo y págalo. Mientras Stripe no esté activo, activa los pagos de prueba en Configuración o registra un pago en efectivo en la mesa.',
      action: 'Abrir mi mesa',
      again: 'Abrir mi mesa',
      needsTable: 'Primero agrega una mesa',
    },
  },
  newTab: '(se abre en otra pestaña)',
  dismissHint: 'Cuando termines todos los pasos podrás ocultar esta lista.',
  allDone: '¡Listo! Tu restaurante ya cobra en la mesa.',
  dismiss: 'Ocultar la lista',
  dismissed: 'Lista de configuración ocultada',
  notDone: 'Aún hay pasos pendientes: termínalos para ocultar la lista.',
}

export type SetupChecklistResources = Widen<typeof setupChecklistEs>
export default setupChecklistEs
