/* global document, window */
// The demo studio's game page (Plinko and Dice). Every result can be checked here: the server seed's
// SHA-256 is shown before play, and once revealed, each round is recomputed as
// HMAC-SHA256(server seed, "<client seed>:<nonce>") with the browser's own crypto.

const TEXTS = {
  'en-US': {
    plinko: 'Plinko',
    dice: 'Dice',
    balance: 'Balance',
    stake: 'Stake',
    drop: 'Drop',
    roll: 'Roll',
    rollUnder: 'Roll under',
    payout: 'Payout',
    win: 'You win {{amount}}',
    lose: 'No win',
    fairness: 'Provably fair',
    seedHash: 'Server seed hash (committed)',
    clientSeed: 'Your client seed',
    save: 'Save',
    nonce: 'Next nonce',
    reveal: 'Reveal seed and start a new one',
    verify: 'Verify rounds',
    verified: 'Verified',
    mismatch: 'Does not match',
    history: 'Your rounds',
    insufficient: 'Insufficient balance',
    blocked: 'Play is paused on this account',
    limit: 'Your loss limit is reached',
    expired: 'This game session has ended. Close and open the game again.',
    error: 'Game error, please try again.',
    noCrypto: 'This browser cannot verify here (needs a secure page).',
  },
  ar: {
    plinko: 'بلينكو',
    dice: 'النرد',
    balance: 'الرصيد',
    stake: 'الرهان',
    drop: 'أسقط',
    roll: 'ارمِ',
    rollUnder: 'أقل من',
    payout: 'المضاعف',
    win: 'ربحت {{amount}}',
    lose: 'لا ربح',
    fairness: 'عدالة قابلة للإثبات',
    seedHash: 'بصمة بذرة الخادم (ملتزم بها)',
    clientSeed: 'بذرتك',
    save: 'حفظ',
    nonce: 'الرقم التالي',
    reveal: 'اكشف البذرة وابدأ بذرة جديدة',
    verify: 'تحقق من الجولات',
    verified: 'تم التحقق',
    mismatch: 'غير مطابق',
    history: 'جولاتك',
    insufficient: 'الرصيد غير كافٍ',
    blocked: 'اللعب متوقف على هذا الحساب',
    limit: 'بلغت حد الخسارة',
    expired: 'انتهت جلسة اللعبة. أغلقها وافتحها من جديد.',
    error: 'خطأ في اللعبة، يرجى المحاولة مرة أخرى.',
    noCrypto: 'لا يمكن لهذا المتصفح التحقق هنا (يلزم اتصال آمن).',
  },
  fr: {
    plinko: 'Plinko',
    dice: 'Dés',
    balance: 'Solde',
    stake: 'Mise',
    drop: 'Lâcher',
    roll: 'Lancer',
    rollUnder: 'Résultat sous',
    payout: 'Gain',
    win: 'Vous gagnez {{amount}}',
    lose: 'Pas de gain',
    fairness: 'Équité vérifiable',
    seedHash: 'Empreinte de la graine serveur (engagée)',
    clientSeed: 'Votre graine client',
    save: 'Enregistrer',
    nonce: 'Prochain nonce',
    reveal: 'Révéler la graine et en créer une nouvelle',
    verify: 'Vérifier les parties',
    verified: 'Vérifié',
    mismatch: 'Ne correspond pas',
    history: 'Vos parties',
    insufficient: 'Solde insuffisant',
    blocked: 'Le jeu est suspendu sur ce compte',
    limit: 'Votre limite de pertes est atteinte',
    expired: 'Cette session de jeu est terminée. Fermez et rouvrez le jeu.',
    error: 'Erreur de jeu, veuillez réessayer.',
    noCrypto: 'Ce navigateur ne peut pas vérifier ici (page sécurisée requise).',
  },
  pt: {
    plinko: 'Plinko',
    dice: 'Dados',
    balance: 'Saldo',
    stake: 'Aposta',
    drop: 'Soltar',
    roll: 'Lançar',
    rollUnder: 'Abaixo de',
    payout: 'Pagamento',
    win: 'Você ganhou {{amount}}',
    lose: 'Sem ganho',
    fairness: 'Justiça comprovável',
    seedHash: 'Hash da semente do servidor (comprometida)',
    clientSeed: 'Sua semente de cliente',
    save: 'Salvar',
    nonce: 'Próximo nonce',
    reveal: 'Revelar a semente e começar outra',
    verify: 'Verificar rodadas',
    verified: 'Verificado',
    mismatch: 'Não confere',
    history: 'Suas rodadas',
    insufficient: 'Saldo insuficiente',
    blocked: 'O jogo está pausado nesta conta',
    limit: 'Seu limite de perdas foi atingido',
    expired: 'Esta sessão de jogo terminou. Feche e abra o jogo de novo.',
    error: 'Erro no jogo, tente novamente.',
    noCrypto: 'Este navegador não pode verificar aqui (precisa de página segura).',
  },
  es: {
    plinko: 'Plinko',
    dice: 'Dados',
    balance: 'Saldo',
    stake: 'Apuesta',
    drop: 'Soltar',
    roll: 'Tirar',
    rollUnder: 'Menor que',
    payout: 'Pago',
    win: 'Ganas {{amount}}',
    lose: 'Sin premio',
    fairness: 'Juego justo demostrable',
    seedHash: 'Hash de la semilla del servidor (comprometida)',
    clientSeed: 'Tu semilla de cliente',
    save: 'Guardar',
    nonce: 'Siguiente nonce',
    reveal: 'Revelar la semilla y empezar otra',
    verify: 'Verificar rondas',
    verified: 'Verificado',
    mismatch: 'No coincide',
    history: 'Tus rondas',
    insufficient: 'Saldo insuficiente',
    blocked: 'El juego está en pausa en esta cuenta',
    limit: 'Has alcanzado tu límite de pérdidas',
    expired: 'Esta sesión de juego terminó. Cierra y abre el juego otra vez.',
    error: 'Error del juego, inténtalo de nuevo.',
    noCrypto: 'Este navegador no puede verificar aquí (necesita una página segura).',
  },
  vi: {
    plinko: 'Plinko',
    dice: 'Xúc xắc',
    balance: 'Số dư',
    stake: 'Tiền cược',
    drop: 'Thả',
    roll: 'Gieo',
    rollUnder: 'Nhỏ hơn',
    payout: 'Hệ số',
    win: 'Bạn thắng {{amount}}',
    lose: 'Không thắng',
    fairness: 'Công bằng có thể kiểm chứng',
    seedHash: 'Mã băm hạt giống máy chủ (đã cam kết)',
    clientSeed: 'Hạt giống của bạn',
    save: 'Lưu',
    nonce: 'Nonce tiếp theo',
    reveal: 'Công bố hạt giống và tạo hạt mới',
    verify: 'Kiểm chứng các ván',
    verified: 'Đã kiểm chứng',
    mismatch: 'Không khớp',
    history: 'Các ván của bạn',
    insufficient: 'Số dư không đủ',
    blocked: 'Tài khoản này đang tạm dừng chơi',
    limit: 'Bạn đã đạt giới hạn thua',
    expired: 'Phiên chơi đã kết thúc. Hãy đóng và mở lại trò chơi.',
    error: 'Lỗi trò chơi, vui lòng thử lại.',
    noCrypto: 'Trình duyệt này không thể kiểm chứng tại đây (cần trang bảo mật).',
  },
  si: {
    plinko: 'ප්ලින්කෝ',
    dice: 'දාදු',
    balance: 'ශේෂය',
    stake: 'ඔට්ටුව',
    drop: 'හෙළන්න',
    roll: 'දමන්න',
    rollUnder: 'ට අඩු',
    payout: 'ගුණකය',
    win: 'ඔබ {{amount}} දිනුවා',
    lose: 'ජයක් නැත',
    fairness: 'සාධාරණත්වය සනාථ කළ හැක',
    seedHash: 'සේවාදායක බීජයේ හැෂ් (කලින් ප්‍රකාශිත)',
    clientSeed: 'ඔබගේ බීජය',
    save: 'සුරකින්න',
    nonce: 'ඊළඟ nonce',
    reveal: 'බීජය හෙළි කර නව එකක් අරඹන්න',
    verify: 'වට සනාථ කරන්න',
    verified: 'සනාථයි',
    mismatch: 'නොගැළපේ',
    history: 'ඔබගේ වට',
    insufficient: 'ශේෂය ප්‍රමාණවත් නැත',
    blocked: 'මෙම ගිණුමේ ක්‍රීඩාව නවතා ඇත',
    limit: 'ඔබගේ පාඩු සීමාවට ළඟා විය',
    expired: 'මෙම ක්‍රීඩා සැසිය අවසන්. වසා නැවත විවෘත කරන්න.',
    error: 'ක්‍රීඩා දෝෂයකි, නැවත උත්සාහ කරන්න.',
    noCrypto: 'මෙම බ්‍රව්සරයට මෙහි සනාථ කළ නොහැක (ආරක්ෂිත පිටුවක් අවශ්‍යයි).',
  },
  hi: {
    plinko: 'प्लिंको',
    dice: 'पासा',
    balance: 'बैलेंस',
    stake: 'दांव',
    drop: 'गिराएँ',
    roll: 'फेंकें',
    rollUnder: 'से कम',
    payout: 'गुणक',
    win: 'आप {{amount}} जीते',
    lose: 'कोई जीत नहीं',
    fairness: 'साबित करने योग्य निष्पक्षता',
    seedHash: 'सर्वर सीड हैश (पहले से तय)',
    clientSeed: 'आपका क्लाइंट सीड',
    save: 'सहेजें',
    nonce: 'अगला नॉन्स',
    reveal: 'सीड दिखाएँ और नया शुरू करें',
    verify: 'राउंड जाँचें',
    verified: 'जाँचा गया',
    mismatch: 'मेल नहीं खाता',
    history: 'आपके राउंड',
    insufficient: 'अपर्याप्त बैलेंस',
    blocked: 'इस खाते पर खेल रुका हुआ है',
    limit: 'आपकी हानि सीमा पूरी हो गई',
    expired: 'यह गेम सत्र समाप्त हो गया। बंद करके गेम फिर खोलें।',
    error: 'गेम में त्रुटि, कृपया फिर से प्रयास करें।',
    noCrypto: 'यह ब्राउज़र यहाँ जाँच नहीं कर सकता (सुरक्षित पेज चाहिए)।',
  },
  it: {
    plinko: 'Plinko',
    dice: 'Dadi',
    balance: 'Saldo',
    stake: 'Puntata',
    drop: 'Lancia',
    roll: 'Tira',
    rollUnder: 'Sotto',
    payout: 'Vincita',
    win: 'Hai vinto {{amount}}',
    lose: 'Nessuna vincita',
    fairness: 'Equità dimostrabile',
    seedHash: 'Hash del seme del server (impegnato)',
    clientSeed: 'Il tuo seme client',
    save: 'Salva',
    nonce: 'Prossimo nonce',
    reveal: 'Rivela il seme e iniziane uno nuovo',
    verify: 'Verifica i round',
    verified: 'Verificato',
    mismatch: 'Non corrisponde',
    history: 'I tuoi round',
    insufficient: 'Saldo insufficiente',
    blocked: 'Il gioco è sospeso su questo conto',
    limit: 'Hai raggiunto il limite di perdita',
    expired: 'Questa sessione di gioco è finita. Chiudi e riapri il gioco.',
    error: 'Errore di gioco, riprova.',
    noCrypto: 'Questo browser non può verificare qui (serve una pagina sicura).',
  },
  ru: {
    plinko: 'Плинко',
    dice: 'Кости',
    balance: 'Баланс',
    stake: 'Ставка',
    drop: 'Бросить',
    roll: 'Бросок',
    rollUnder: 'Меньше',
    payout: 'Множитель',
    win: 'Выигрыш {{amount}}',
    lose: 'Без выигрыша',
    fairness: 'Доказуемая честность',
    seedHash: 'Хеш серверного сида (зафиксирован)',
    clientSeed: 'Ваш клиентский сид',
    save: 'Сохранить',
    nonce: 'Следующий nonce',
    reveal: 'Раскрыть сид и начать новый',
    verify: 'Проверить раунды',
    verified: 'Проверено',
    mismatch: 'Не совпадает',
    history: 'Ваши раунды',
    insufficient: 'Недостаточно средств',
    blocked: 'Игра на этом счёте приостановлена',
    limit: 'Достигнут ваш лимит проигрыша',
    expired: 'Игровая сессия завершена. Закройте и откройте игру снова.',
    error: 'Ошибка игры, попробуйте ещё раз.',
    noCrypto: 'Этот браузер не может проверить здесь (нужна защищённая страница).',
  },
  zh: {
    plinko: '弹珠台',
    dice: '骰子',
    balance: '余额',
    stake: '投注额',
    drop: '投下',
    roll: '掷骰',
    rollUnder: '小于',
    payout: '赔率',
    win: '您赢得 {{amount}}',
    lose: '未中奖',
    fairness: '可验证公平',
    seedHash: '服务器种子哈希（已承诺）',
    clientSeed: '您的客户端种子',
    save: '保存',
    nonce: '下一个 nonce',
    reveal: '公开种子并生成新种子',
    verify: '验证各局',
    verified: '已验证',
    mismatch: '不一致',
    history: '您的对局',
    insufficient: '余额不足',
    blocked: '此账户已暂停游戏',
    limit: '已达到您的亏损限额',
    expired: '本次游戏会话已结束，请关闭后重新打开游戏。',
    error: '游戏错误，请重试。',
    noCrypto: '此浏览器无法在此验证（需要安全页面）。',
  },
};

const PLINKO_X10 = [56, 21, 11, 10, 5, 10, 11, 21, 56];
const params = new URLSearchParams(window.location.search);
const game = params.get('game') === 'dice' ? 'dice' : 'plinko';
const lang = TEXTS[params.get('lang')] ? params.get('lang') : 'en-US';
const T = TEXTS[lang];
const app = document.getElementById('app');
const state = {
  session: null,
  stake: '10.00',
  target: 50,
  rounds: [],
  revealed: null,
  message: '',
  outcome: null,
  isBusy: false,
  isFairnessOpen: false,
};

document.documentElement.lang = lang;
document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
document.title = T[game];

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, '');
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) node.append(child instanceof window.Node ? child : document.createTextNode(String(child)));
  return node;
}

async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

function refusalText(code) {
  if (code === 'INSUFFICIENT_BALANCE') return T.insufficient;
  if (code === 'PLAYER_BLOCKED') return T.blocked;
  if (code === 'LIMIT_REACHED') return T.limit;
  if (code === 'SESSION_INVALID') return T.expired;
  return T.error;
}

async function playRound() {
  if (state.isBusy) return;
  state.isBusy = true;
  state.message = '';
  render();
  try {
    const reply = await post('/api/play', { sessionId: state.session.sessionId, stake: state.stake, target: state.target });
    if (reply.body.error) {
      state.message = refusalText(reply.body.error);
      if (reply.body.balance) state.session.balance = reply.body.balance;
      state.outcome = null;
    } else {
      state.session.balance = reply.body.balance;
      state.session.nonce = reply.body.nonce + 1;
      state.outcome = reply.body;
      state.rounds.unshift({ ...reply.body, check: null });
      state.rounds.splice(20);
    }
  } catch {
    state.message = T.error;
  } finally {
    state.isBusy = false;
    render();
  }
}

async function hmacHex(key, message) {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
}

async function sha256Hex(text) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Recomputes one round's result from the revealed seed, exactly as the studio does. */
async function recompute(serverSeed, round) {
  const digest = await hmacHex(serverSeed, `${round.clientSeed}:${round.nonce}`);
  if (game === 'plinko') {
    const slot = [...digest.slice(0, 8)].reduce((sum, byte) => sum + (byte & 1), 0);
    return slot === round.result.slot && (PLINKO_X10[slot] / 10).toFixed(1) === round.result.multiplier;
  }
  const roll = ((digest[0] * 2 ** 24 + digest[1] * 2 ** 16 + digest[2] * 2 ** 8 + digest[3]) % 10000) / 100;
  return roll.toFixed(2) === round.result.roll;
}

async function reveal() {
  const reply = await post('/api/rotate', { sessionId: state.session.sessionId });
  state.revealed = reply.body.revealed;
  state.session.serverSeedHash = reply.body.serverSeedHash;
  state.session.nonce = 0;
  render();
}

async function verify() {
  if (!window.crypto?.subtle) {
    state.message = T.noCrypto;
    return render();
  }
  const seed = state.revealed.serverSeed;
  const isCommitted = (await sha256Hex(seed)) === state.revealed.serverSeedHash;
  for (const round of state.rounds) {
    if (round.serverSeedHash !== state.revealed.serverSeedHash) continue;
    round.check = isCommitted && (await recompute(seed, round));
  }
  render();
}

function plinkoBoard() {
  const path = state.outcome?.result?.path ?? [];
  let position = 0;
  const rows = Array.from({ length: 8 }, (_, row) => {
    const hit = path.length ? position : -1;
    if (path.length) position += path[row];
    return el(
      'div',
      { class: 'pegs' },
      Array.from({ length: row + 2 }, (_, index) =>
        el('span', { class: `peg${index === hit || index === hit + 1 ? ' hit' : ''}` }),
      ),
    );
  });
  const slot = state.outcome?.result?.slot;
  return el(
    'div',
    { class: 'board', 'aria-hidden': 'true' },
    rows,
    el(
      'div',
      { class: 'slots' },
      PLINKO_X10.map((x10, index) => el('span', { class: `slot${index === slot ? ' hit' : ''}` }, `${(x10 / 10).toFixed(1)}×`)),
    ),
  );
}

function diceBoard() {
  const roll = state.outcome?.result?.roll ?? '—';
  return el(
    'div',
    { class: 'panel' },
    el('div', { class: 'roll', 'data-testid': 'dice-roll' }, roll),
    el(
      'div',
      { class: 'row' },
      el('label', { for: 'target' }, `${T.rollUnder} ${state.target}`),
      el('input', {
        id: 'target',
        type: 'range',
        min: 2,
        max: 95,
        value: state.target,
        oninput: (event) => {
          state.target = Number(event.target.value);
          render();
        },
      }),
    ),
    el('div', {}, `${T.payout}: ${(Math.floor(9900 / state.target) / 100).toFixed(2)}×`),
  );
}

function render() {
  const s = state.session;
  if (!s) return;
  const outcome = state.outcome
    ? Number(state.outcome.win) > 0
      ? el('div', { class: 'outcome win', 'data-testid': 'outcome' }, T.win.replace('{{amount}}', `₹${state.outcome.win}`))
      : el('div', { class: 'outcome lose', 'data-testid': 'outcome' }, T.lose)
    : el('div', { class: 'outcome' });
  app.replaceChildren(
    el(
      'header',
      {},
      el('h1', {}, T[game]),
      el('span', { class: 'balance', 'data-testid': 'studio-balance' }, `${T.balance}: ₹${s.balance}`),
    ),
    game === 'plinko' ? plinkoBoard() : diceBoard(),
    outcome,
    state.message ? el('p', { class: 'error', role: 'alert' }, state.message) : '',
    el(
      'div',
      { class: 'panel' },
      el(
        'div',
        { class: 'row' },
        el('label', { for: 'stake' }, T.stake),
        el('input', {
          id: 'stake',
          type: 'text',
          inputmode: 'decimal',
          value: state.stake,
          onchange: (event) => {
            state.stake = Number(event.target.value || 0).toFixed(2);
          },
        }),
      ),
      el(
        'div',
        { class: 'row chips' },
        ['1.00', '10.00', '50.00', '100.00'].map((amount) =>
          el(
            'button',
            {
              type: 'button',
              onclick: () => {
                state.stake = amount;
                render();
              },
            },
            `₹${amount.replace(/\.00$/, '')}`,
          ),
        ),
      ),
      el(
        'button',
        { type: 'button', class: 'primary', disabled: state.isBusy, onclick: playRound, 'data-testid': 'play' },
        game === 'plinko' ? T.drop : T.roll,
      ),
    ),
    el(
      'details',
      {
        class: 'panel',
        open: state.isFairnessOpen,
        ontoggle: (event) => {
          state.isFairnessOpen = event.target.open;
        },
      },
      el('summary', {}, T.fairness),
      el('div', {}, el('label', {}, T.seedHash), el('div', { class: 'mono' }, s.serverSeedHash)),
      el(
        'div',
        { class: 'row' },
        el('label', { for: 'client-seed' }, T.clientSeed),
        el('input', { id: 'client-seed', type: 'text', value: s.clientSeed, maxlength: 64 }),
        el(
          'button',
          {
            type: 'button',
            onclick: async () => {
              const value = document.getElementById('client-seed').value.trim();
              const reply = await post('/api/client-seed', { sessionId: s.sessionId, clientSeed: value });
              if (reply.status === 200) {
                s.clientSeed = reply.body.clientSeed;
                render();
              }
            },
          },
          T.save,
        ),
      ),
      el('div', {}, `${T.nonce}: ${s.nonce}`),
      el('button', { type: 'button', onclick: reveal }, T.reveal),
      state.revealed
        ? el(
            'div',
            {},
            el('div', { class: 'mono' }, state.revealed.serverSeed),
            el('button', { type: 'button', onclick: verify }, T.verify),
          )
        : '',
    ),
    el(
      'section',
      { class: 'panel' },
      el('h2', { style: false }, T.history),
      el(
        'ol',
        { class: 'history' },
        state.rounds.map((round) =>
          el(
            'li',
            {},
            el('span', {}, `#${round.nonce}`),
            el('span', {}, game === 'plinko' ? `${round.result.multiplier}×` : round.result.roll),
            el('span', {}, `₹${round.stake} → ₹${round.win}`),
            round.check === null
              ? el('span', {}, '')
              : el('span', { class: round.check ? 'ok' : 'bad' }, round.check ? T.verified : T.mismatch),
          ),
        ),
      ),
    ),
  );
}

async function main() {
  const token = params.get('token');
  const reply = token ? await post('/api/start', { token, game }) : { status: 401, body: {} };
  if (reply.status !== 200) {
    app.replaceChildren(el('p', { class: 'error', role: 'alert' }, T.expired));
    return;
  }
  state.session = reply.body;
  // The address carried a single-use token: drop it so that a reload or a shared link cannot show it.
  window.history.replaceState(null, '', `${window.location.pathname}?game=${game}&lang=${lang}`);
  render();
}

void main();
