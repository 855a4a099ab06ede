.intel_syntax noprefix
.Lloop:
vpclmullqlqdq zmm6,zmm5,zmm2
vpclmullqlqdq zmm7,zmm3,zmm2
vpclmullqlqdq zmm8,zmm1,zmm2
vpclmullqlqdq zmm9,zmm0,zmm2
vpclmulhqhqdq zmm5,zmm5,zmm4
vpclmulhqhqdq zmm3,zmm3,zmm4
vpclmulhqhqdq zmm1,zmm1,zmm4
vpclmulhqhqdq zmm0,zmm0,zmm4
add    rax,0xffffffffffffff00
vpternlogq zmm5,zmm6,ZMMWORD PTR [rsi],0x96
vpternlogq zmm3,zmm7,ZMMWORD PTR [rsi+0x40],0x96
vpternlogq zmm1,zmm8,ZMMWORD PTR [rsi+0x80],0x96
vpternlogq zmm0,zmm9,ZMMWORD PTR [rsi+0xc0],0x96
add    rsi,0x100
dec    rcx
jne .Lloop
