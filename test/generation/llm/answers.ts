// A valid tutor answer in Spanish for an English speaker at level 2 (the shape llm-schemas.ts asks for).
export const TUTOR_ANSWER = {
  reply: "¡Hola! ¿Quieres un café con leche?",
  reply_translation: "Hello! Would you like a coffee with milk?",
  corrections: [],
  corrected_message: null,
  hints: ["Say what you want to drink."],
  suggested_replies: [{ text: "Sí, quiero un café con leche, por favor.", translation: "Yes, I want a coffee with milk, please." }],
  new_vocabulary: [{ display: "la leche", translation: "milk" }],
  understood: true,
  intent: "order a drink",
  completed: false,
};
